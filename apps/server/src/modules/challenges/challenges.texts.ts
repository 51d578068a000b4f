import { defineMessages } from "@ideaport/shared";

/** What the challenges API says when it refuses a step, beyond the error catalogue's words. */
export const CHALLENGES_TEXTS = defineMessages({
  deadlinePassed: { id: "server.challenges.deadlinePassed", defaultMessage: "The deadline must be in the future." },
  onlyManagerPostsTeamChallenge: {
    id: "server.challenges.onlyManagerPostsTeamChallenge",
    defaultMessage: "Only a team's manager can post a team challenge.",
  },
  teamRequired: {
    id: "server.challenges.teamRequired",
    defaultMessage: "Please choose the team this challenge is for.",
  },
  onlyManagerPostsForTeam: {
    id: "server.challenges.onlyManagerPostsForTeam",
    defaultMessage: "Only a team's manager can post a challenge for it.",
  },
  onlyAdminDecides: {
    id: "server.challenges.onlyAdminDecides",
    defaultMessage: "Only an administrator can decide on a proposal.",
  },
});
