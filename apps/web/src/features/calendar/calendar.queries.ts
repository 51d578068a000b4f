import { type CalendarCompanySettings, calendarEndpoints } from "@ideaport/shared";
import { queryOptions, useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { apiClient } from "../../lib/api-client.ts";
import { useCachingMutation } from "../../lib/queries.ts";

export const calendarKeys = {
  all: ["calendar"] as const,
  settings: () => [...calendarKeys.all, "settings"] as const,
};

/** `GET /api/calendar/`: the caller's feed address and provider connection. */
export function calendarSettingsQueryOptions() {
  return queryOptions({
    queryKey: calendarKeys.settings(),
    queryFn: ({ signal }) => apiClient.call(calendarEndpoints.calendarSettings, undefined, { signal }),
  });
}

export const useCalendarSettings = () => useQuery(calendarSettingsQueryOptions());

/** `POST /api/calendar/feed/rotate/`: a new feed address; the old one stops working at once. */
export function useRotateCalendarFeed() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(calendarEndpoints.rotateCalendarFeed, {}),
    onSuccess: (answer) =>
      queryClient.setQueryData(calendarKeys.settings(), (current) =>
        current ? { ...current, feed_url: answer.feed_url } : current,
      ),
  });
}

/** `POST /api/calendar/connection/start/`: answers the provider's page, where the browser goes next. */
export function useStartCalendarConnection() {
  return useMutation({
    mutationFn: (returnTo: string) =>
      apiClient.call(calendarEndpoints.startCalendarConnection, { return_to: returnTo }),
  });
}

/** `DELETE /api/calendar/connection/`: the tokens are deleted; the answer is the connection now. */
export function useDisconnectCalendar() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => apiClient.call(calendarEndpoints.disconnectCalendar),
    onSuccess: (answer) =>
      queryClient.setQueryData(calendarKeys.settings(), (current) =>
        current ? { ...current, connection: answer.connection } : current,
      ),
  });
}

export const calendarCompanySettingsKey = () => [...calendarKeys.all, "company-settings"] as const;

/** `GET /api/calendar/company-settings/`: the review due days (admins). */
export function useCalendarCompanySettings() {
  return useQuery({
    queryKey: calendarCompanySettingsKey(),
    queryFn: ({ signal }) => apiClient.call(calendarEndpoints.calendarCompanySettings, undefined, { signal }),
  });
}

/** `PUT /api/calendar/company-settings/`: the answer is the saved settings. */
export const useUpdateCalendarCompanySettings = () =>
  useCachingMutation(calendarCompanySettingsKey(), (settings: CalendarCompanySettings) =>
    apiClient.call(calendarEndpoints.updateCalendarCompanySettings, settings),
  );
