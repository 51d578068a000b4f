export const FEATURES = [
  {
    title: "Challenges that focus creativity",
    text: "Managers ask their team a question, administrators ask the whole company. Everyone answers where it matters.",
  },
  {
    title: "A review flow people trust",
    text: "Every idea is read, discussed and decided, with revisions when it needs another pass, and the author hears about each step.",
  },
  {
    title: "From idea to action",
    text: "Approved ideas become actions with an owner and a due date, on a board the whole team can follow.",
  },
  {
    title: "Recognition that lasts",
    text: "Points, leaderboards for people and teams, and rewards your company chooses keep good ideas coming.",
  },
] as const;
