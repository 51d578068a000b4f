import type { LoginResponse, Notification, TeamMember, User } from "@ideaport/shared";

/** A User as `GET /api/users/current/` answers it. */
export function buildUser(overrides: Partial<User> = {}): User {
  const id = overrides.id ?? "user-1";
  return {
    id,
    _id: id,
    email: "jane.doe@example.com",
    display_name: "Jane Doe",
    first_name: "Jane",
    last_name: "Doe",
    role: "employee",
    team: [{ id: "team-1", name: "Operations", is_manager: false }],
    company_id: "company-1",
    company_name: "Acme",
    is_admin: false,
    onboarding_status: "employee_company_tour_completed",
    language: null,
    effective_language: "en",
    ...overrides,
  };
}

/** A team manager of Operations: Sam Manager unless `overrides` say otherwise. */
export function buildManager(overrides: Partial<User> = {}): User {
  return buildUser({
    id: "manager-1",
    role: "manager",
    display_name: "Sam Manager",
    team: [{ id: "team-1", name: "Operations", is_manager: true }],
    ...overrides,
  });
}

/** A company admin who manages Operations: Alex Admin unless `overrides` say otherwise. */
export function buildAdmin(overrides: Partial<User> = {}): User {
  return buildManager({ id: "admin-1", is_admin: true, display_name: "Alex Admin", ...overrides });
}

/** The login answer for a user. */
export function buildLoginResponse(
  user: User = buildUser(),
  tokens = { access: "access-1", refresh: "refresh-1" },
): LoginResponse {
  return {
    ...tokens,
    userId: user.id,
    email: user.email,
    displayName: user.display_name,
    role: user.role,
    team: user.team,
    company_id: user.company_id,
    is_admin: user.is_admin,
  };
}

let notificationCount = 0;

/** One notification. */
export function buildNotification(overrides: Partial<Notification> = {}): Notification {
  notificationCount += 1;
  const id = overrides.id ?? `notification-${notificationCount}`;
  return {
    id,
    _id: id,
    type: "idea_status_approved",
    read: false,
    created_at: "2025-03-14T09:30:00.000Z",
    content: `Notification ${notificationCount}`,
    actor_id: null,
    actor_name: "Sam Manager",
    subject_id: null,
    project_idea_title: "Greener deliveries",
    related_idea_id: null,
    related_request_id: null,
    related_challenge_id: null,
    note: null,
    request_status: null,
    request_kind: null,
    request_team_id: null,
    request_team_name: null,
    challenge_title: null,
    challenge_scope: "company",
    related_reward_id: null,
    reward_title: null,
    ...overrides,
  };
}

/** The answer of `GET /api/notifications/:userId/`. */
export function notificationList(notifications: Notification[]) {
  return {
    success: true,
    notifications,
    next_cursor: null,
    unread_count: notifications.filter((item) => !item.read).length,
  };
}

/** The fields every list of people gives a person: Priya Patel, an active employee. */
export function buildPersonFields(id: string) {
  return {
    id,
    _id: id,
    email: "priya@example.com",
    display_name: "Priya Patel",
    first_name: "Priya",
    last_name: "Patel",
    role: "employee" as const,
    is_admin: false,
    is_active: true,
  };
}

/** A member of a team as `GET /api/teams/:teamId/members/` lists them; by default Priya, an employee. */
export function buildTeamMember(overrides: Partial<TeamMember> = {}): TeamMember {
  return { ...buildPersonFields(overrides.id ?? "member-1"), is_manager: false, ...overrides };
}
