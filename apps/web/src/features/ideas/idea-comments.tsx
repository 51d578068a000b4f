import { type Comment, CreateCommentRequestSchema, IDEA_MESSAGES, type IdeaDetail } from "@ideaport/shared";
import { Button, Divider, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useRef, useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { ApiError } from "../../lib/api-client.ts";
import { errorMessageOf } from "../../lib/form-errors.ts";
import { formatDateTime } from "../../lib/format.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { useCommentOnIdea } from "./ideas.queries.ts";
import { IDEA_DETAIL_MESSAGES } from "./ideas.texts.ts";

/** The discussion, oldest first, and a form to add to it. */
export function CommentsSection({ idea }: { idea: IdeaDetail }) {
  return (
    <DetailSection title="Comments">
      <Stack gap="sm">
        {idea.comments.length === 0 ? (
          <Text size="sm" c="gray.7">
            {IDEA_DETAIL_MESSAGES.noComments}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {idea.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </Stack>
        )}
        <Divider />
        {idea.status === "draft" ? (
          <Text size="sm" c="gray.7">
            {IDEA_DETAIL_MESSAGES.commentsClosed}
          </Text>
        ) : (
          <CommentForm ideaId={idea.id} />
        )}
      </Stack>
    </DetailSection>
  );
}

function CommentItem({ comment }: { comment: Comment }) {
  return (
    <li>
      <Paper bg="gray.0" p="sm" radius="sm">
        <Text size="sm">
          <strong>{comment.author.display_name}</strong>{" "}
          <Text span size="xs" c="gray.7">
            {formatDateTime(comment.created_at)}
          </Text>
        </Text>
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
          {comment.body}
        </Text>
      </Paper>
    </li>
  );
}

/** `POST /api/project-ideas/:id/comments/`, validated by the shared comment schema. */
function CommentForm({ ideaId }: { ideaId: string }) {
  const comment = useCommentOnIdea(ideaId);
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [success, setSuccess] = useState<string | null>(null);
  const fieldRef = useRef<HTMLTextAreaElement>(null);

  const post = async () => {
    setFormError(null);
    setSuccess(null);
    const parsed = CreateCommentRequestSchema.safeParse({ body });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? IDEA_MESSAGES.commentRequired);
      fieldRef.current?.focus();
      return;
    }
    setError(null);
    try {
      await comment.mutateAsync(parsed.data.body);
      setBody("");
      setSuccess(IDEA_DETAIL_MESSAGES.commentPosted);
    } catch (failure) {
      const fieldMessage = failure instanceof ApiError ? failure.fields?.body : undefined;
      if (fieldMessage) setError(fieldMessage);
      else setFormError(errorMessageOf(failure));
    }
  };

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void post();
      }}
    >
      <Stack gap="xs">
        <Textarea
          ref={fieldRef}
          label="Add a comment"
          rows={2}
          resize="vertical"
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            if (error) setError(null);
          }}
        />
        <ActionFeedback success={success} error={formError} />
        <Group>
          <Button type="submit" size="sm" loading={comment.isPending}>
            Post comment
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
