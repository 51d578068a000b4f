import { type Comment, CreateCommentRequestSchema, type IdeaDetail } from "@ideaport/shared";
import { Button, Divider, Group, Paper, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { ActionFeedback } from "../../components/action-feedback.tsx";
import { formatDateTime } from "../../lib/format.ts";
import { t } from "../../lib/i18n.ts";
import { useSchemaForm } from "../../lib/use-schema-form.ts";
import { DetailSection } from "./idea-detail-section.tsx";
import { useCommentOnIdea } from "./ideas.queries.ts";
import { IDEA_DETAIL_MESSAGES, MERGE_MESSAGES, WAITING_TO_SEND_MESSAGES } from "./ideas.texts.ts";
import { WaitingComments } from "./waiting-to-send.tsx";

/** The discussion, oldest first, and a form to add to it. */
export function CommentsSection({ idea }: { idea: IdeaDetail }) {
  return (
    <DetailSection title={t(IDEA_DETAIL_MESSAGES.commentsTitle)}>
      <Stack gap="sm">
        {idea.comments.length === 0 ? (
          <Text size="sm" c="gray.7">
            {t(IDEA_DETAIL_MESSAGES.noComments)}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" m={0} p={0} style={{ listStyle: "none" }}>
            {idea.comments.map((comment) => (
              <CommentItem key={comment.id} comment={comment} />
            ))}
          </Stack>
        )}
        <WaitingComments ideaId={idea.id} />
        <Divider />
        {idea.status === "draft" ? (
          <Text size="sm" c="gray.7">
            {t(IDEA_DETAIL_MESSAGES.commentsClosed)}
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
            {comment.merged_from && ` · ${t(MERGE_MESSAGES.fromMergedIdea, { title: comment.merged_from.title })}`}
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
  const [success, setSuccess] = useState<string | null>(null);
  const form = useSchemaForm(CreateCommentRequestSchema, {
    defaultValues: { body: "" },
    fieldNames: { body: "body" },
  });

  return (
    <form
      noValidate
      onSubmit={(event) => {
        form.setFormError(null);
        setSuccess(null);
        return form.submit((values) => comment.mutateAsync(values.body), {
          onSuccess: (posted) => {
            form.reset({ body: "" });
            setSuccess(t(posted ? IDEA_DETAIL_MESSAGES.commentPosted : WAITING_TO_SEND_MESSAGES.commentKept));
          },
        })(event);
      }}
    >
      <Stack gap="xs">
        <Textarea label={t(IDEA_DETAIL_MESSAGES.addComment)} rows={2} resize="vertical" {...form.field("body")} />
        <ActionFeedback success={success} error={form.formError} />
        <Group>
          <Button type="submit" size="sm" loading={comment.isPending}>
            {t(IDEA_DETAIL_MESSAGES.postComment)}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
