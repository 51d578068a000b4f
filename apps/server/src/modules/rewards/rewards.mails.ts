/**
 * The e-mails of rewards, besides the bell's `rewards_redeemed`: the company's admins hear of a
 * redemption they are to hand over, its person of the outcome (fulfilled, or cancelled and refunded).
 */
import { composeMail, type OutgoingMail } from "../mail/mail.service.ts";

export interface MailRecipient {
  email: string;
  firstName: string;
  /** The Company Portal page of this person, as a full URL. */
  portalUrl: string;
}

export interface RedemptionFacts {
  personName: string;
  rewardTitle: string;
  cost: number;
}

function points(count: number): string {
  return count === 1 ? "1 point" : `${count} points`;
}

/** To each admin when someone redeems a reward: what to hand over, and where to decide. */
export function rewardRedeemedMail(to: MailRecipient, redemption: RedemptionFacts): OutgoingMail {
  return composeMail({
    to: to.email,
    subject: `${redemption.personName} redeemed "${redemption.rewardTitle}"`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${redemption.personName} redeemed the reward "${redemption.rewardTitle}" for ${points(redemption.cost)}.`,
      "Hand it over, then mark the redemption fulfilled in the Company Portal. If you cannot, cancel it there: the points go back to them.",
    ],
    link: { label: "Open the redemptions", url: to.portalUrl },
  });
}

/** To the person whose redemption an admin fulfilled. */
export function redemptionFulfilledMail(
  to: MailRecipient,
  redemption: Pick<RedemptionFacts, "rewardTitle">,
  adminName: string,
): OutgoingMail {
  return composeMail({
    to: to.email,
    subject: `Your reward "${redemption.rewardTitle}" was fulfilled`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [
      `${adminName} fulfilled your redemption of "${redemption.rewardTitle}".`,
      "Enjoy it, and thank you for your ideas.",
    ],
    link: { label: "See your rewards", url: to.portalUrl },
  });
}

/** To the person whose redemption an admin cancelled: the points are back on their balance. */
export function redemptionCancelledMail(
  to: MailRecipient,
  redemption: Pick<RedemptionFacts, "rewardTitle" | "cost">,
  adminName: string,
): OutgoingMail {
  const refund =
    redemption.cost === 1
      ? "The 1 point you spent is back on your balance."
      : `The ${redemption.cost} points you spent are back on your balance.`;
  return composeMail({
    to: to.email,
    subject: `Your redemption of "${redemption.rewardTitle}" was cancelled`,
    greeting: `Hello ${to.firstName},`,
    paragraphs: [`${adminName} cancelled your redemption of "${redemption.rewardTitle}".`, refund],
    link: { label: "See your rewards", url: to.portalUrl },
  });
}
