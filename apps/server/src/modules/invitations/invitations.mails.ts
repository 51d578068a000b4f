import { composeMail, type OutgoingMail } from "../mail/mail.service.ts";

export interface InvitationMailInput {
  to: string;
  firstName: string;
  companyName: string;
  teamName: string;
  inviterName: string | null;
  /** What the invitation gives: to manage the team or to be one of its members, and administrator rights. */
  role: "employee" | "manager";
  isAdmin: boolean;
  link: string;
  expiresInDays: number;
}

/** The invitation: who invited whom to which team, as what, and the single-use link to accept it. */
export function invitationMail(input: InvitationMailInput): OutgoingMail {
  const who = input.inviterName ? `${input.inviterName} invited you` : "You have been invited";
  // What the person will be, said before they accept: "as its manager, with administrator rights".
  const as = `as ${input.role === "manager" ? "its manager" : "a member"}${input.isAdmin ? ", with administrator rights" : ""}`;
  return composeMail({
    category: "account",
    to: input.to,
    subject: `You're invited to join ${input.companyName} on Ideaport`,
    greeting: `Hello ${input.firstName},`,
    paragraphs: [`${who} to join the team "${input.teamName}" at ${input.companyName} on Ideaport, ${as}.`],
    link: { label: "Accept the invitation and set your password", url: input.link },
    footer: [
      `The link works once and expires in ${input.expiresInDays} days. If you did not expect this e-mail, you can ignore it.`,
    ],
  });
}
