import { Link } from "react-router";
import { LandingPage } from "./landing-page.tsx";

/** The landing page inside the app (reached by a link or after signing out): its links use the router. */
export function LandingRoute() {
  return <LandingPage linkComponent={Link} />;
}
