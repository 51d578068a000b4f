/** The invitation e-mail: plain text and an HTML twin, with every user-given text escaped. */
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

export function buildInvitationMail(input: InvitationMailInput): {
  to: string;
  subject: string;
  text: string;
  html: string;
} {
  const who = input.inviterName ? `${input.inviterName} invited you` : "You have been invited";
  // What the person will be, said before they accept: "as its manager, with administrator rights".
  const as = `as ${input.role === "manager" ? "its manager" : "a member"}${input.isAdmin ? ", with administrator rights" : ""}`;
  const subject = `You're invited to join ${input.companyName} on Ideaport`;
  const text = [
    `Hello ${input.firstName},`,
    "",
    `${who} to join the team "${input.teamName}" at ${input.companyName} on Ideaport, ${as}.`,
    "",
    `Accept the invitation and set your password: ${input.link}`,
    "",
    `The link works once and expires in ${input.expiresInDays} days. If you did not expect this e-mail, you can ignore it.`,
  ].join("\n");
  const html = [
    `<p>Hello ${escapeHtml(input.firstName)},</p>`,
    `<p>${escapeHtml(who)} to join the team &quot;${escapeHtml(input.teamName)}&quot; at ${escapeHtml(input.companyName)} on Ideaport, ${as}.</p>`,
    `<p><a href="${escapeHtml(input.link)}">Accept the invitation and set your password</a></p>`,
    `<p>The link works once and expires in ${input.expiresInDays} days. If you did not expect this e-mail, you can ignore it.</p>`,
  ].join("\n");
  return { to: input.to, subject, text, html };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);
}
