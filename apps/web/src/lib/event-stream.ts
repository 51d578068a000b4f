import type { Endpoint } from "@ideaport/shared";
import { apiClient } from "./api-client.ts";

/** What `openEventStream` calls: each event of the named types, and the stream's openings and end. */
export interface EventStreamHandlers {
  eventTypes: readonly string[];
  onEvent(type: string, data: string): void;
  /** The stream (re)connected. */
  onOpen?(): void;
  /** The stream was refused for good: it does not reconnect by itself after this. */
  onClosed?(): void;
}

export interface EventStreamHandle {
  close(): void;
}

/**
 * Opens a Server-Sent Events stream of `endpoint`: the `eventsource` library (loaded on first
 * use) over the API client's `fetchStream`, which sends the session's bearer token and refreshes
 * it on 401. The library reconnects by itself after a dropped connection or an ended stream,
 * sending the last event's id as Last-Event-ID; a refusal it cannot mend (a 4xx, an ended
 * session) closes the stream and calls `onClosed`.
 */
export function openEventStream(endpoint: Endpoint, handlers: EventStreamHandlers): EventStreamHandle {
  let source: { close(): void } | undefined;
  let isClosed = false;
  void import("eventsource").then(({ EventSource }) => {
    if (isClosed) return;
    const eventSource = new EventSource(endpoint.path, {
      fetch: (input, init) => apiClient.fetchStream(endpoint, input, init),
    });
    source = eventSource;
    eventSource.addEventListener("open", () => handlers.onOpen?.());
    for (const type of handlers.eventTypes) {
      eventSource.addEventListener(type, (event) => handlers.onEvent(type, event.data));
    }
    eventSource.addEventListener("error", () => {
      if (eventSource.readyState !== eventSource.CLOSED || isClosed) return;
      isClosed = true;
      handlers.onClosed?.();
    });
  }, handlers.onClosed);
  return {
    close() {
      isClosed = true;
      source?.close();
    },
  };
}
