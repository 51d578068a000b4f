import { defineMessages, type Translate } from "@ideaport/shared";
import { composeMail, MAIL_TEXTS, type OutgoingMail } from "../mail/mail.service.ts";

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

const INVITATION_MAIL_TEXTS = defineMessages({
  subject: {
    id: "server.invitationMail.subject",
    defaultMessage: "You're invited to join {company} on Ideaport",
  },
  body: {
    id: "server.invitationMail.body",
    defaultMessage:
      '{inviterKnown, select, yes {{inviter} invited you} other {You have been invited}} to join the team "{team}" at {company} on Ideaport, as {role, select, manager {its manager} other {a member}}{isAdmin, select, yes {, with administrator rights} other {}}.',
    description:
      "Who invited the reader to which team, and as what: its manager or a member, and maybe with administrator rights",
  },
  button: {
    id: "server.invitationMail.button",
    defaultMessage: "Accept the invitation and set your password",
    description: "An e-mail's button",
  },
  footer: {
    id: "server.invitationMail.footer",
    defaultMessage:
      "The link works once and expires in {days, plural, one {# day} other {# days}}. If you did not expect this e-mail, you can ignore it.",
  },
});

/**
 * The invitation: who invited whom to which team, as what, and the single-use link to accept it;
 * in the language of `t` (the company's: the invitee has chosen none yet).
 */
export function invitationMail(input: InvitationMailInput, t: Translate): OutgoingMail {
  return composeMail(
    {
      category: "account",
      to: input.to,
      subject: t(INVITATION_MAIL_TEXTS.subject, { company: input.companyName }),
      greeting: t(MAIL_TEXTS.greeting, { name: input.firstName }),
      paragraphs: [
        t(INVITATION_MAIL_TEXTS.body, {
          inviterKnown: input.inviterName ? "yes" : "no",
          inviter: input.inviterName ?? "",
          team: input.teamName,
          company: input.companyName,
          role: input.role,
          isAdmin: input.isAdmin ? "yes" : "no",
        }),
      ],
      link: { label: t(INVITATION_MAIL_TEXTS.button), url: input.link },
      footer: [t(INVITATION_MAIL_TEXTS.footer, { days: input.expiresInDays })],
    },
    t,
  );
}
