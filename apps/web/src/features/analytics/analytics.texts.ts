import { type AnalyticsPeriod, defineMessages, type MessageDescriptor } from "@ideaport/shared";

/** The period menu's entries. */
export const ANALYTICS_PERIOD_LABELS: Readonly<Record<AnalyticsPeriod, MessageDescriptor>> = defineMessages({
  "30d": { id: "analytics.period.last30Days", defaultMessage: "Last 30 days" },
  quarter: { id: "analytics.period.quarter", defaultMessage: "This quarter" },
  year: { id: "analytics.period.year", defaultMessage: "This year" },
  custom: { id: "analytics.period.custom", defaultMessage: "Custom dates" },
});

/** Words the overview says in more than one place. */
export const ANALYTICS_TEXTS = defineMessages({
  loading: { id: "analytics.common.loading", defaultMessage: "Loading the analytics..." },
  noIdeasSubmitted: {
    id: "analytics.common.noIdeasSubmitted",
    defaultMessage: "No idea was submitted in this period.",
  },
  /** A duration up to two days, its number already formatted. */
  hours: { id: "analytics.common.hours", defaultMessage: "{hours} hours" },
  /** A longer duration, its number already formatted. */
  days: { id: "analytics.common.days", defaultMessage: "{days} days" },
  ideas: { id: "analytics.common.ideas", defaultMessage: "Ideas" },
  ideasSubmitted: { id: "analytics.common.ideasSubmitted", defaultMessage: "Ideas submitted" },
  median: { id: "analytics.common.median", defaultMessage: "Median" },
  percentile90: { id: "analytics.common.percentile90", defaultMessage: "90th percentile" },
  actions: { id: "analytics.common.actions", defaultMessage: "Actions" },
  challenges: { id: "analytics.common.challenges", defaultMessage: "Challenges" },
  topContributors: { id: "analytics.common.topContributors", defaultMessage: "Top contributors" },
});

/** The section, its filters, its period line and the CSV export. */
export const ANALYTICS_OVERVIEW_MESSAGES = defineMessages({
  title: { id: "analytics.overview.title", defaultMessage: "Analytics overview" },
  description: {
    id: "analytics.overview.description",
    defaultMessage:
      "How the ideas programme is doing: ideas, participation, review times, challenges, actions and points.",
  },
  chooseDays: {
    id: "analytics.overview.chooseDays",
    defaultMessage: "Choose the from and to days of the period to see its figures.",
  },
  loadFailed: { id: "analytics.overview.loadFailed", defaultMessage: "Could not load the analytics. {reason}" },
  periodOfTeam: { id: "analytics.overview.periodOfTeam", defaultMessage: "From {from} to {to}, team {team}." },
  periodOfAllTeams: { id: "analytics.overview.periodOfAllTeams", defaultMessage: "From {from} to {to}, all teams." },
  period: { id: "analytics.filters.period", defaultMessage: "Period" },
  from: { id: "analytics.filters.from", defaultMessage: "From" },
  to: { id: "analytics.filters.to", defaultMessage: "To" },
  allTeams: { id: "analytics.filters.allTeams", defaultMessage: "All teams" },
  downloadFailed: { id: "analytics.csv.downloadFailed", defaultMessage: "Could not download the ideas. {reason}" },
  preparing: { id: "analytics.csv.preparing", defaultMessage: "Preparing the CSV file..." },
  download: { id: "analytics.csv.download", defaultMessage: "Download the ideas as CSV" },
});

/** A chart's card: its table's names and its switch. */
export const CHART_MESSAGES = defineMessages({
  tableRegion: { id: "analytics.chart.tableRegion", defaultMessage: "{caption} table" },
  showAsTable: { id: "analytics.chart.showAsTable", defaultMessage: "Show as table" },
  showAsTableOf: { id: "analytics.chart.showAsTableOf", defaultMessage: "Show as table: {title}" },
});

/** The key figures, the charts and the tables of the overview. */
export const FIGURES_MESSAGES = defineMessages({
  keyFigures: { id: "analytics.figures.keyFigures", defaultMessage: "Key figures" },
  ideasApproved: { id: "analytics.figures.ideasApproved", defaultMessage: "Ideas approved" },
  peopleTakingPart: { id: "analytics.figures.peopleTakingPart", defaultMessage: "People taking part" },
  peopleTakingPartDetail: {
    id: "analytics.figures.peopleTakingPartDetail",
    defaultMessage: "{participated} of {active} active people",
  },
  medianFirstReview: { id: "analytics.figures.medianFirstReview", defaultMessage: "Median time to first review" },
  medianDecision: { id: "analytics.figures.medianDecision", defaultMessage: "Median time to decision" },
  pointsAwarded: { id: "analytics.figures.pointsAwarded", defaultMessage: "Points awarded" },
  overdueActions: { id: "analytics.figures.overdueActions", defaultMessage: "Overdue actions" },
  funnelTitle: { id: "analytics.figures.funnelTitle", defaultMessage: "Ideas funnel" },
  funnelDescription: {
    id: "analytics.figures.funnelDescription",
    defaultMessage: "Ideas submitted in the period, and how many reached review, approval and action.",
  },
  stage: { id: "analytics.figures.stage", defaultMessage: "Stage" },
  shareOfSubmitted: { id: "analytics.figures.shareOfSubmitted", defaultMessage: "Share of submitted" },
  byStatusTitle: { id: "analytics.figures.byStatusTitle", defaultMessage: "Ideas by status" },
  byStatusDescription: {
    id: "analytics.figures.byStatusDescription",
    defaultMessage: "Where the period's ideas stand now.",
  },
  perTeamTitle: { id: "analytics.figures.perTeamTitle", defaultMessage: "Ideas per team" },
  participationTitle: { id: "analytics.figures.participationTitle", defaultMessage: "Participation" },
  participationDescription: {
    id: "analytics.figures.participationDescription",
    defaultMessage: "Share of the {active} active people who took part in the period.",
  },
  submittedAnIdea: { id: "analytics.figures.submittedAnIdea", defaultMessage: "Submitted an idea" },
  commented: { id: "analytics.figures.commented", defaultMessage: "Commented" },
  voted: { id: "analytics.figures.voted", defaultMessage: "Voted" },
  anyOfThese: { id: "analytics.figures.anyOfThese", defaultMessage: "Any of these" },
  share: { id: "analytics.figures.share", defaultMessage: "Share" },
  activity: { id: "analytics.figures.activity", defaultMessage: "Activity" },
  people: { id: "analytics.figures.people", defaultMessage: "People" },
  shareOfActivePeople: { id: "analytics.figures.shareOfActivePeople", defaultMessage: "Share of active people" },
  noActivePeople: { id: "analytics.figures.noActivePeople", defaultMessage: "There are no active people." },
  reviewTimesTitle: { id: "analytics.figures.reviewTimesTitle", defaultMessage: "Review times" },
  reviewTimesDescription: {
    id: "analytics.figures.reviewTimesDescription",
    defaultMessage: "From submission to the first review and to the decision, in hours.",
  },
  firstReview: { id: "analytics.figures.firstReview", defaultMessage: "First review" },
  decision: { id: "analytics.figures.decision", defaultMessage: "Decision" },
  step: { id: "analytics.figures.step", defaultMessage: "Step" },
  noneReviewed: {
    id: "analytics.figures.noneReviewed",
    defaultMessage: "No idea of this period has been reviewed yet.",
  },
  backlogTitle: { id: "analytics.figures.backlogTitle", defaultMessage: "Reviewers' backlog" },
  backlogDescription: {
    id: "analytics.figures.backlogDescription",
    defaultMessage: "Ideas waiting for review for more than {days} days, by team.",
  },
  reviews: { id: "analytics.figures.reviews", defaultMessage: "Reviews" },
  waitingMoreThan: { id: "analytics.figures.waitingMoreThan", defaultMessage: "Waiting more than {days} days" },
  noneWaiting: {
    id: "analytics.figures.noneWaiting",
    defaultMessage: "No idea has waited for review for more than {days} days.",
  },
  actionsDescription: {
    id: "analytics.figures.actionsDescription",
    defaultMessage: "Actions of the period's approved ideas by status. Overdue: {overdue}.",
  },
  noActions: { id: "analytics.figures.noActions", defaultMessage: "No approved idea of this period has an action." },
  challengesDescription: {
    id: "analytics.figures.challengesDescription",
    defaultMessage: "Challenges answered in the period.",
  },
  noChallenges: { id: "analytics.figures.noChallenges", defaultMessage: "No challenge was answered in this period." },
  challenge: { id: "analytics.figures.challenge", defaultMessage: "Challenge" },
  answers: { id: "analytics.figures.answers", defaultMessage: "Answers" },
  approvalRate: { id: "analytics.figures.approvalRate", defaultMessage: "Approval rate" },
  topContributorsDescription: {
    id: "analytics.figures.topContributorsDescription",
    defaultMessage: "The people who earned the most points in the period.",
  },
  nobodyEarned: { id: "analytics.figures.nobodyEarned", defaultMessage: "Nobody earned points in this period." },
  rank: { id: "analytics.figures.rank", defaultMessage: "Rank" },
  person: { id: "analytics.figures.person", defaultMessage: "Person" },
  points: { id: "analytics.figures.points", defaultMessage: "Points" },
});

/** The scores by challenge: a stacked bar per challenge, one segment per bucket of scores. */
export const SCORES_MESSAGES = defineMessages({
  title: { id: "analytics.scores.title", defaultMessage: "Scores by challenge" },
  description: {
    id: "analytics.scores.description",
    defaultMessage:
      "The weighted scores (1 to 5) of the period's scored ideas, per challenge: at most the {count} challenges with the most scored ideas.",
  },
  /** A bucket of scores as shown with one decimal, both ends included: "2.0–2.9". */
  bucket: { id: "analytics.scores.bucket", defaultMessage: "{from}–{to}" },
  /** A bucket's segment of the chart, named in its legend and tooltip. */
  bucketSeries: { id: "analytics.scores.bucketSeries", defaultMessage: "Score {from}–{to}" },
  scoredIdeas: { id: "analytics.scores.scoredIdeas", defaultMessage: "Scored ideas" },
  averageScore: { id: "analytics.scores.averageScore", defaultMessage: "Average score" },
  noChallenge: { id: "analytics.scores.noChallenge", defaultMessage: "No challenge" },
  noneScored: { id: "analytics.scores.noneScored", defaultMessage: "No idea of this period has been scored yet." },
});
