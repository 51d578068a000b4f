export { type AccountDialog, AccountDialogs } from "./account-dialogs.tsx";
