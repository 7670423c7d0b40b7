// The one name the page uses from the Embedded App SDK.
export { DiscordSDK } from "@discord/embedded-app-sdk";
