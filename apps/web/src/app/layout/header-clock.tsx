import { HEADER_CLOCK_INTERVAL_MS } from "@ideaport/shared";
import { Text } from "@mantine/core";
import { useEffect, useState } from "react";
import { formatClockTime, formatFullDate } from "../../lib/format.ts";

/**
 * The header's live clock, ticking every second. aria-live is off: a screen reader must not
 * announce sixty updates a minute; the time is read when the user moves to it.
 */
export function HeaderClock({ now = () => new Date() }: { now?: () => Date }) {
  const [time, setTime] = useState(now);
  useEffect(() => {
    const timer = setInterval(() => setTime(now()), HEADER_CLOCK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [now]);
  return (
    <Text
      component="time"
      dateTime={time.toISOString()}
      title={formatFullDate(time)}
      aria-live="off"
      ff="monospace"
      size="sm"
      c="gray.7"
      style={{ fontVariantNumeric: "tabular-nums" }}
    >
      {formatClockTime(time)}
    </Text>
  );
}
