/**
 * The queries a redemption, its refund or any credit changes: the balance, the boards, the
 * catalogue's stock and the redemption lists. Kept apart so that the bell, which refreshes them
 * when a reward notification arrives, loads no more of the rewards feature than this.
 */
export const BALANCE_KEYS = [["points"], ["rewards"], ["redemptions"], ["leaderboards"]] as const;
