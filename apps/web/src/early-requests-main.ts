// The script a signed-in page loads from its head besides the app's entry (scripts/route-pages.ts):
// it sends the page's first data requests at once (lib/early-requests.ts).
import { startPageEarlyRequests } from "./lib/early-requests.ts";

startPageEarlyRequests(document.getElementById("root"), window);
