/** The text an editor asks about; `ideaId` once it is saved (left out of its own similar ideas). */
export interface AnalysisSubject {
  title: string;
  description: string;
  challengeId?: string | null;
  ideaId?: string | null;
}

/** One press of Analyze: what was asked, numbered so that pressing again asks again. */
export interface AnalysisRequest extends AnalysisSubject {
  sequence: number;
}

/** The tags of the idea being written, for the panel's "Add as tag" on each suggested tag. */
export interface SuggestedTagging {
  /** The names the idea carries now. */
  tags: readonly string[];
  onAddTag: (name: string) => void;
}
