// The single sign-on feature's face to the others: the login form's offer.
export { SsoOffer, useSsoOffer } from "./sso-offer.tsx";
