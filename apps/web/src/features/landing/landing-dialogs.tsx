import "@mantine/core/styles.css";
import { landingPathFor } from "@ideaport/shared";
import { MantineProvider } from "@mantine/core";
import { QueryClientProvider } from "@tanstack/react-query";
import { useState } from "react";
import { useNavigate } from "react-router";
import { cssVariablesResolver, theme } from "../../components/theme.ts";
import { AuthProvider } from "../../lib/auth-provider.tsx";
import { createQueryClient } from "../../lib/query-client.ts";
import { type AccountDialog, AccountDialogs } from "../auth/index.ts";

export interface LandingDialogsProps {
  dialog: AccountDialog | null;
  onDialogChange: (dialog: AccountDialog | null) => void;
}

/**
 * The account dialogs of the landing page, loaded on the first click: the landing page renders
 * outside `AppRoot`, so this chunk brings the design system, server state and the session itself.
 * After a sign-in it goes to the user's landing path: /app/manager-ideas for managers and
 * admins, /app/employee-ideas for everyone else.
 */
export function LandingDialogs({ dialog, onDialogChange }: LandingDialogsProps) {
  const [queryClient] = useState(createQueryClient);
  const navigate = useNavigate();
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={import.meta.env.MODE === "test" ? "test" : "default"}
    >
      <QueryClientProvider client={queryClient}>
        <AuthProvider>
          <AccountDialogs
            dialog={dialog}
            onDialogChange={onDialogChange}
            onSignedIn={(login) => navigate(landingPathFor(login), { replace: true })}
          />
        </AuthProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
