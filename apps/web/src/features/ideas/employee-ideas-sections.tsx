import { Grid, Stack } from "@mantine/core";
import { ActionBoard } from "./action-board.tsx";
import { BrainDump } from "./brain-dump.tsx";
import type { IdeasSectionsProps } from "./ideas-page-layout.tsx";
import { MyProposals } from "./my-proposals.tsx";
import { ActiveSubmissions } from "./submissions.tsx";

/**
 * The employee ideas page below its challenges: the brain-dump box (a form) beside the user's
 * submissions, then the company challenges they proposed. The page (employee-ideas-page.tsx) loads this chunk as it renders, so the
 * challenges show without waiting for the form code.
 */
export function EmployeeIdeasSections({ answering, onClearChallenge, onOpenIdea }: IdeasSectionsProps) {
  return (
    <Stack gap="lg">
      <Grid gap="lg" align="flex-start">
        <Grid.Col span={{ base: 12, md: 5 }}>
          <BrainDump challenge={answering} onClearChallenge={onClearChallenge} onOpenIdea={onOpenIdea} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 7 }}>
          <ActiveSubmissions onOpenIdea={onOpenIdea} />
        </Grid.Col>
      </Grid>
      <MyProposals />
      {/* The team's ideas in action: everyone follows them; owners move their own. */}
      <ActionBoard onOpenIdea={onOpenIdea} />
    </Stack>
  );
}
