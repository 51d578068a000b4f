// Installs the programs the tests start that npm cannot: Debian's Radicale, the CalDAV server the
// calendar sync writes to in its tests. Installs it with apt-get when missing and allowed (root on
// Debian or Ubuntu); otherwise says how, and the calendar sync's tests say so again when they run.
import { execSync } from "node:child_process";
import { existsSync } from "node:fs";

const RADICALE = "/usr/bin/radicale";

if (!existsSync(RADICALE)) {
  const canInstall = existsSync("/usr/bin/apt-get") && process.getuid?.() === 0;
  if (canInstall) {
    console.info("Installing Radicale, the CalDAV server the calendar tests use (apt-get)...");
    execSync("apt-get update -qq && apt-get install -y -qq radicale", { stdio: "inherit" });
  } else {
    console.warn("Radicale is missing: the calendar sync's tests need it (sudo apt-get install -y radicale).");
  }
}
