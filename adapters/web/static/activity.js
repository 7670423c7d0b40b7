// Inside a Discord Activity the page opens with no link: Discord's SDK
// (discord-sdk.js, served by us) signs the person in, and our server
// trades the code for a link to the game of the channel the Activity runs
// in, learned from Discord, not from the page. Outside Discord (no
// frame_id) nothing here runs, and the SDK is never loaded.

export function inActivity() {
  return new URLSearchParams(location.search).has("frame_id");
}

// launch signs the person in and returns the link their socket opens
// with. Refused, it throws {text}: why, in the person's words.
export async function launch(onStatus) {
  const lang = navigator.language || "";
  const config = await getJSON("activity.json?lang=" + encodeURIComponent(lang));
  const words = config.words || {};
  onStatus(words.signingIn || "…");
  try {
    return await signIn(config, lang);
  } catch (err) {
    // The SDK's own errors (the person closed Discord's sign-in, the
    // client went away) are its developers' words: ours are said instead.
    if (err && err.ours) throw err;
    throw { text: words.signInFailed || "", reason: "sign-in" };
  }
}

async function signIn(config, lang) {
  const { DiscordSDK } = await import("./discord-sdk.js");
  const sdk = new DiscordSDK(config.client_id, { disableConsoleLogOverride: true });
  await sdk.ready();
  const { code } = await sdk.commands.authorize({
    client_id: config.client_id,
    response_type: "code",
    state: "",
    prompt: "none",
    scope: ["identify"],
  });
  const r = await fetch("token", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ code, instance_id: sdk.instanceId, lang }),
  });
  const answer = await r.json();
  if (!r.ok) throw { ours: true, text: answer.text || "", reason: answer.error || "" };
  await sdk.commands.authenticate({ access_token: answer.access_token });
  return answer.link;
}

async function getJSON(url) {
  const r = await fetch(url);
  if (!r.ok) throw { ours: true, text: "", reason: "config" };
  return r.json();
}
