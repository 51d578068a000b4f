import { defineMessages } from "@ideaport/shared";

export const PUSH_TEXTS = defineMessages({
  title: { id: "push.settings.title", defaultMessage: "Push notifications" },
  description: {
    id: "push.settings.description",
    defaultMessage:
      "Get a notification on this device, even while Ideaport is closed. Your browser asks for your permission when you turn it on. Each of your devices is set on its own.",
  },
  toggle: { id: "push.settings.toggle", defaultMessage: "Push notifications on this device" },
  categories: { id: "push.settings.categories", defaultMessage: "Notify this device about" },
  loading: { id: "push.settings.loading", defaultMessage: "Loading your push settings..." },
  unsupported: {
    id: "push.settings.unsupported",
    defaultMessage: "This browser cannot show push notifications from Ideaport.",
  },
  blocked: {
    id: "push.settings.blocked",
    defaultMessage:
      "Notifications from Ideaport are blocked in this browser's settings. Allow them there, then turn push on here.",
  },
  permissionRefused: {
    id: "push.settings.permissionRefused",
    defaultMessage: "Push stays off: the browser was not allowed to show notifications.",
  },
  subscribeFailed: {
    id: "push.settings.subscribeFailed",
    defaultMessage: "This browser could not subscribe to push notifications just now. Please try again.",
  },
  turnedOn: { id: "push.settings.turnedOn", defaultMessage: "Push notifications are on for this device." },
  turnedOff: { id: "push.settings.turnedOff", defaultMessage: "Push notifications are off for this device." },
  categoriesSaved: { id: "push.settings.categoriesSaved", defaultMessage: "This device's notifications are saved." },
});
