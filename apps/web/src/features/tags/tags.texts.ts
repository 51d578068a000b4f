import { defineMessages } from "@ideaport/shared";

/** The tag picker of the idea editors, the tag chips and filter of the idea lists. */
export const TAG_MESSAGES = defineMessages({
  label: { id: "tags.picker.label", defaultMessage: "Tags" },
  description: {
    id: "tags.picker.description",
    defaultMessage: "Up to {max} tags. Choose one of the company's tags or type a new one and press Enter.",
  },
  descriptionChooseOnly: {
    id: "tags.picker.descriptionChooseOnly",
    defaultMessage: "Up to {max} tags, chosen from the company's tags.",
  },
  placeholder: { id: "tags.picker.placeholder", defaultMessage: "Add a tag" },
  chipsLabel: { id: "tags.chips.label", defaultMessage: "Tags" },
  filterByTag: { id: "tags.chips.filterByTag", defaultMessage: "Show ideas tagged “{name}”" },
  filterLabel: { id: "tags.filter.label", defaultMessage: "Tag" },
  anyTag: { id: "tags.filter.anyTag", defaultMessage: "Any tag" },
  addAsTag: { id: "tags.suggestion.addAsTag", defaultMessage: "Add as tag" },
  addAsTagOf: { id: "tags.suggestion.addAsTagOf", defaultMessage: "Add as tag: “{name}”" },
  added: { id: "tags.suggestion.added", defaultMessage: "Added" },
  full: { id: "tags.suggestion.full", defaultMessage: "An idea carries at most {max} tags." },
});

/** Company Settings: the tag vocabulary and whether people may add to it. */
export const TAG_SETTINGS_MESSAGES = defineMessages({
  tab: { id: "tags.settings.tab", defaultMessage: "Tags" },
  title: { id: "tags.settings.title", defaultMessage: "Tags" },
  description: {
    id: "tags.settings.description",
    defaultMessage:
      "The company's tags, which people put on ideas (up to five each) and lists filter by. Rename a tag, merge two that mean the same, or delete one nobody needs.",
  },
  loading: { id: "tags.settings.loading", defaultMessage: "Loading tags..." },
  peopleMayAdd: { id: "tags.settings.peopleMayAdd", defaultMessage: "People may add new tags" },
  peopleMayAddDescription: {
    id: "tags.settings.peopleMayAddDescription",
    defaultMessage: "Off: people choose among the existing tags, and only administrators add new ones.",
  },
  addingOn: { id: "tags.settings.addingOn", defaultMessage: "People may now add new tags." },
  addingOff: { id: "tags.settings.addingOff", defaultMessage: "Only administrators add new tags now." },
  search: { id: "tags.settings.search", defaultMessage: "Find a tag" },
  list: { id: "tags.settings.list", defaultMessage: "The company's tags" },
  none: { id: "tags.settings.none", defaultMessage: "No tags yet. They appear here as people tag their ideas." },
  noMatch: { id: "tags.settings.noMatch", defaultMessage: "No tag starts with “{search}”." },
  more: {
    id: "tags.settings.more",
    defaultMessage: "More tags than shown: type the start of a name to find one.",
  },
  ideaCount: {
    id: "tags.settings.ideaCount",
    defaultMessage: "{count, plural, =0 {No ideas} one {# idea} other {# ideas}}",
  },
  rename: { id: "tags.settings.rename", defaultMessage: "Rename" },
  renameOf: { id: "tags.settings.renameOf", defaultMessage: "Rename “{name}”" },
  newName: { id: "tags.settings.newName", defaultMessage: "New name" },
  renamed: { id: "tags.settings.renamed", defaultMessage: "“{name}” is now “{newName}”." },
  merge: { id: "tags.settings.merge", defaultMessage: "Merge" },
  mergeOf: { id: "tags.settings.mergeOf", defaultMessage: "Merge “{name}” into another tag" },
  mergeInto: { id: "tags.settings.mergeInto", defaultMessage: "Merge into" },
  mergeIntoPlaceholder: { id: "tags.settings.mergeIntoPlaceholder", defaultMessage: "Type to find a tag" },
  mergeHint: {
    id: "tags.settings.mergeHint",
    defaultMessage:
      "The ideas tagged “{name}” get the tag you choose instead (once, if they carry both), and “{name}” is deleted.",
  },
  mergeIntoRequired: { id: "tags.settings.mergeIntoRequired", defaultMessage: "Please choose the tag to merge into." },
  mergeSubmit: { id: "tags.settings.mergeSubmit", defaultMessage: "Merge tags" },
  merged: { id: "tags.settings.merged", defaultMessage: "“{name}” is merged into “{into}”." },
  delete: { id: "tags.settings.delete", defaultMessage: "Delete" },
  deleteOf: { id: "tags.settings.deleteOf", defaultMessage: "Delete “{name}”" },
  deleteQuestion: {
    id: "tags.settings.deleteQuestion",
    defaultMessage:
      "{count, plural, =0 {No idea carries “{name}”.} one {One idea carries “{name}” and will lose it.} other {# ideas carry “{name}” and will lose it.}}",
  },
  deleted: { id: "tags.settings.deleted", defaultMessage: "“{name}” is deleted." },
});

/** The analytics overview's ideas by tag. */
export const TAG_ANALYTICS_MESSAGES = defineMessages({
  title: { id: "tags.analytics.title", defaultMessage: "Ideas by tag" },
  none: { id: "tags.analytics.none", defaultMessage: "No idea of the period carries a tag." },
});
