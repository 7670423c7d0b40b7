package discord

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"mime"
	"mime/multipart"
	"net/http"
	"net/http/httptest"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/bwmarrin/discordgo"
)

// fakeDiscord is a Discord REST API on an httptest server. It keeps the
// messages each call creates, with who may see them, and answers as
// Discord does: message IDs, DM channels, 50007 for closed DMs, 429 with
// retry_after, 10062 for unknown interactions, 50027 for expired tokens.
type fakeDiscord struct {
	t   testing.TB
	srv *httptest.Server

	mu        sync.Mutex
	calls     []call
	next      int
	messages  map[string]*fakeMessage // by ID
	tokens    map[string]tokenInfo    // interaction token → its user and message
	closedDMs map[string]bool
	expired   map[string]bool // tokens past their 15 minutes
	limitOnce map[string]bool // path prefixes answered once with 429
	notYet    int             // GET @original answers 10008 this many times first
	commands  []json.RawMessage
	acked     map[string]bool   // interaction IDs acknowledged
	history   []edit            // every message body ever shown, with its audience
	threads   map[string]string // thread ID (its first message's ID) → parent channel
	// threadRefusal, when set, is the error code thread creation gets
	// (50013 for a missing permission).
	threadRefusal int
	pings         map[string]int // user → new messages that notified them
	deleted       int
	created       []*fakeMessage // every message made, in order (deleted ones too)
	uploads       int            // files received
	// failFiles answers this many requests carrying files with a 500;
	// loseFileReplies makes this many posts carrying files and then
	// answers 500, as if the reply were lost on the way back.
	failFiles, loseFileReplies int
	// noAttach: the app lacks Attach Files in the channel, so a bot
	// message (post or edit) carrying a file is refused 403/50013, as
	// Discord refuses it.
	noAttach bool
	// hang holds every call about an interaction token's messages until
	// its channel closes: Discord stuck on one interaction. stuckIn gets a
	// value as each such call arrives.
	hang    map[string]chan struct{}
	stuckIn chan struct{}
	// An Activity's side (activity_test.go): codes the SDK's authorize
	// gave, by code, each for its user and used once; access tokens
	// issued, by token; people's locales; the app's activity instances;
	// and the launches answered (LAUNCH_ACTIVITY), as channel/user.
	codes     map[string]string
	bearers   map[string]string
	people    map[string]player
	locales   map[string]string
	instances map[string]fakeInstance
	launched  []string
}

// fakeInstance is an activity instance: where it runs and who is in it.
type fakeInstance struct {
	kind, guild, channel string
	users                []string
}

// clientSecret is the fake application's OAuth2 client secret.
const clientSecret = "test-client-secret"

// signIn makes a code the SDK's authorize would give p, whose Discord
// locale is locale.
func (f *fakeDiscord) signIn(p player, code, locale string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.codes == nil {
		f.codes, f.bearers, f.people, f.locales = map[string]string{}, map[string]string{}, map[string]player{}, map[string]string{}
	}
	f.codes[code] = p.id
	f.people[p.id] = p
	f.locales[p.id] = locale
}

// instance starts (or replaces) an activity instance.
func (f *fakeDiscord) instance(id string, in fakeInstance) {
	f.mu.Lock()
	defer f.mu.Unlock()
	if f.instances == nil {
		f.instances = map[string]fakeInstance{}
	}
	f.instances[id] = in
}

// oauth answers what an Activity's sign-in asks of Discord, as Discord's
// docs say: the token endpoint (form-encoded, client ID and secret by
// basic auth; invalid_client 401, invalid_grant 400), /users/@me with a
// Bearer token (401 without a valid one), and the activity instance with
// the bot token (404 when unknown). It reports whether it answered.
func (f *fakeDiscord) oauth(w http.ResponseWriter, r *http.Request, raw []byte) bool {
	switch {
	case strings.HasSuffix(r.URL.Path, "/oauth2/token") && r.Method == http.MethodPost:
		id, secret, ok := r.BasicAuth()
		if !ok || id != appID || secret != clientSecret {
			f.reply(w, http.StatusUnauthorized, map[string]any{"error": "invalid_client"})
			return true
		}
		if r.Header.Get("Content-Type") != "application/x-www-form-urlencoded" {
			f.t.Errorf("oauth2/token sent as %q", r.Header.Get("Content-Type"))
		}
		form, _ := url.ParseQuery(string(raw))
		switch form.Get("grant_type") {
		case "client_credentials":
			f.reply(w, http.StatusOK, map[string]any{"access_token": "owner-token", "token_type": "Bearer", "expires_in": 604800, "scope": "identify"})
			return true
		case "authorization_code":
			user, ok := f.codes[form.Get("code")]
			if !ok {
				f.reply(w, http.StatusBadRequest, map[string]any{"error": "invalid_grant", "error_description": "Invalid \"code\" in request."})
				return true
			}
			delete(f.codes, form.Get("code")) // a code is used once
			tok := fmt.Sprintf("access-%s-%d", user, len(f.bearers))
			f.bearers[tok] = user
			f.reply(w, http.StatusOK, map[string]any{"access_token": tok, "token_type": "Bearer", "expires_in": 604800, "refresh_token": "r-" + tok, "scope": "identify"})
			return true
		}
		f.reply(w, http.StatusBadRequest, map[string]any{"error": "unsupported_grant_type"})
		return true
	case regexp.MustCompile(`^/api/v\d+/users/@me$`).MatchString(r.URL.Path) && r.Method == http.MethodGet:
		user, ok := f.bearers[strings.TrimPrefix(r.Header.Get("Authorization"), "Bearer ")]
		if !ok || !strings.HasPrefix(r.Header.Get("Authorization"), "Bearer ") {
			f.apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return true
		}
		p := f.people[user]
		me := map[string]any{"id": user, "username": p.username, "global_name": p.name, "discriminator": "0"}
		if l := f.locales[user]; l != "" {
			me["locale"] = l
		}
		f.reply(w, http.StatusOK, me)
		return true
	case regexp.MustCompile(`^/api/v\d+/applications/[^/]+/activity-instances/`).MatchString(r.URL.Path):
		if r.Header.Get("Authorization") != "Bot test-token" {
			f.apiError(w, http.StatusUnauthorized, 0, "401: Unauthorized")
			return true
		}
		app := strings.Split(r.URL.Path, "/")[4]
		id := r.URL.Path[strings.LastIndex(r.URL.Path, "/")+1:]
		in, ok := f.instances[id]
		if !ok || app != appID {
			f.apiError(w, http.StatusNotFound, 10064, "Unknown activity instance")
			return true
		}
		loc := map[string]any{"id": "loc-" + id, "kind": in.kind, "channel_id": in.channel}
		if in.guild != "" {
			loc["guild_id"] = in.guild
		}
		f.reply(w, http.StatusOK, map[string]any{"application_id": appID, "instance_id": id, "launch_id": "1" + id, "location": loc, "users": in.users})
		return true
	}
	return false
}

type call struct {
	Method, Path string
	Body         map[string]any
}

type tokenInfo struct {
	user    string
	message string // the message the interaction's @original is
	channel string
}

type fakeMessage struct {
	ID, Channel string
	// Audience is "" for everyone in the channel, else the one user who
	// sees it (an ephemeral message, or a DM).
	Audience string
	Body     map[string]any
	// Attachments are the files the message carries now.
	Attachments []fakeAttachment
	Uploads     int // files it was ever sent
}

// fakeAttachment is an uploaded file on a message.
type fakeAttachment struct {
	Name, Description string
	Data              []byte
}

// multipartBody reads Discord's multipart form: payload_json and files[n].
func multipartBody(r *http.Request, raw []byte) ([]byte, []fakeAttachment, bool) {
	mt, params, err := mime.ParseMediaType(r.Header.Get("Content-Type"))
	if err != nil || !strings.HasPrefix(mt, "multipart/") {
		return raw, nil, false
	}
	mr := multipart.NewReader(bytes.NewReader(raw), params["boundary"])
	var payload []byte
	var files []fakeAttachment
	for {
		part, err := mr.NextPart()
		if err != nil {
			break
		}
		data, _ := io.ReadAll(part)
		if part.FormName() == "payload_json" {
			payload = data
		} else {
			files = append(files, fakeAttachment{Name: part.FileName(), Data: data})
		}
	}
	return payload, files, true
}

// attach sets a message's attachments as Discord does: a new message gets
// its files; an edit with an attachments list keeps the listed ones (an
// id that is a number indexes the new files), one without keeps all.
func (f *fakeDiscord) attach(m *fakeMessage, body map[string]any, files []fakeAttachment, edit bool) {
	list, listed := body["attachments"].([]any)
	if !listed && edit {
		if len(files) > 0 {
			m.Attachments = append(m.Attachments, files...)
		}
	} else {
		var out []fakeAttachment
		if !listed {
			out = files
		}
		for _, a := range list {
			a, _ := a.(map[string]any)
			// A snowflake, as a string: an attachment kept, or the index of
			// a new file ("0"). Discord's spec types it a string.
			raw, ok := a["id"].(string)
			if !ok {
				f.t.Errorf("attachments[].id is %T %v, not a snowflake string", a["id"], a["id"])
			}
			id, err := strconv.Atoi(raw)
			if err == nil && id < len(files) {
				at := files[id]
				at.Description, _ = a["description"].(string)
				out = append(out, at)
			}
		}
		m.Attachments = out
	}
	f.uploads += len(files)
	m.Uploads += len(files)
	// An embed image that names an attachment must find it.
	embeds, _ := body["embeds"].([]any)
	if body["embeds"] == nil {
		return
	}
	for _, e := range embeds {
		e, _ := e.(map[string]any)
		img, _ := e["image"].(map[string]any)
		u, _ := img["url"].(string)
		name, ok := strings.CutPrefix(u, "attachment://")
		if !ok {
			continue
		}
		found := false
		for _, a := range m.Attachments {
			found = found || a.Name == name
		}
		if !found {
			f.t.Errorf("an embed shows attachment %q, which the message does not carry", name)
		}
	}
}

func newFakeDiscord(t testing.TB) *fakeDiscord {
	f := &fakeDiscord{t: t, messages: map[string]*fakeMessage{}, tokens: map[string]tokenInfo{},
		closedDMs: map[string]bool{}, expired: map[string]bool{}, limitOnce: map[string]bool{}, acked: map[string]bool{},
		threads: map[string]string{}, pings: map[string]int{}}
	f.srv = httptest.NewServer(http.HandlerFunc(f.serve))
	t.Cleanup(f.srv.Close)
	return f
}

// session is a discordgo session whose every request reaches the fake.
func (f *fakeDiscord) session() *discordgo.Session {
	s, _ := discordgo.New("Bot test-token")
	target, _ := url.Parse(f.srv.URL)
	s.Client = &http.Client{Transport: rewrite{target}}
	s.MaxRestRetries = 1
	return s
}

type rewrite struct{ to *url.URL }

func (r rewrite) RoundTrip(req *http.Request) (*http.Response, error) {
	req = req.Clone(req.Context())
	req.URL.Scheme, req.URL.Host = r.to.Scheme, r.to.Host
	return http.DefaultTransport.RoundTrip(req)
}

// interaction registers a token as belonging to user, editing message.
func (f *fakeDiscord) interaction(token, user, channel, message string) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.tokens[token] = tokenInfo{user: user, message: message, channel: channel}
}

func (f *fakeDiscord) newMessage(channel, audience string, body map[string]any) *fakeMessage {
	if audience == "" {
		// A new message notifies the users it mentions that
		// allowed_mentions lets through (an ephemeral one notifies nobody).
		content, _ := body["content"].(string)
		am, _ := body["allowed_mentions"].(map[string]any)
		users, _ := am["users"].([]any)
		for _, u := range users {
			if id, _ := u.(string); strings.Contains(content, "<@"+id+">") {
				f.pings[id]++
			}
		}
		if parse, ok := am["parse"].([]any); am == nil || !ok || len(parse) > 0 {
			if strings.Contains(content, "<@") {
				f.t.Errorf("a message mentions someone without limiting allowed_mentions: %v", body)
			}
		}
	}
	f.next++
	m := &fakeMessage{ID: fmt.Sprint(900000 + f.next), Channel: channel, Audience: audience, Body: body}
	f.messages[m.ID] = m
	f.created = append(f.created, m)
	f.history = append(f.history, edit{audience, channel, body})
	return m
}

// edit is one version of a message, as someone saw it.
type edit struct {
	audience, channel string
	body              map[string]any
}

func (f *fakeDiscord) reply(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

func (f *fakeDiscord) apiError(w http.ResponseWriter, status, code int, msg string) {
	f.reply(w, status, map[string]any{"code": code, "message": msg})
}

func (m *fakeMessage) json() map[string]any {
	out := map[string]any{"id": m.ID, "channel_id": m.Channel}
	for k, v := range m.Body {
		out[k] = v
	}
	// Discord answers with the attachments the message has, snowflakes
	// for IDs, not the list the request sent.
	atts := []any{}
	for i, a := range m.Attachments {
		atts = append(atts, map[string]any{"id": fmt.Sprint(m.ID, 10+i), "filename": a.Name, "description": a.Description, "size": len(a.Data)})
	}
	out["attachments"] = atts
	return out
}

var (
	reCallback  = regexp.MustCompile(`^/api/v\d+/interactions/([^/]+)/([^/]+)/callback$`)
	reOriginal  = regexp.MustCompile(`^/api/v\d+/webhooks/([^/]+)/([^/]+)/messages/@original$`)
	reFollowup  = regexp.MustCompile(`^/api/v\d+/webhooks/([^/]+)/([^/]+)$`)
	reMessages  = regexp.MustCompile(`^/api/v\d+/channels/([^/]+)/messages$`)
	reMessage   = regexp.MustCompile(`^/api/v\d+/channels/([^/]+)/messages/([^/]+)$`)
	reThread    = regexp.MustCompile(`^/api/v\d+/channels/([^/]+)/messages/([^/]+)/threads$`)
	reDM        = regexp.MustCompile(`^/api/v\d+/users/@me/channels$`)
	reCommands  = regexp.MustCompile(`^/api/v\d+/applications/([^/]+)(/guilds/[^/]+)?/commands$`)
	rePathLimit = regexp.MustCompile(`^/api/v\d+`)
)

func (f *fakeDiscord) serve(w http.ResponseWriter, r *http.Request) {
	if m := reOriginal.FindStringSubmatch(r.URL.Path); m != nil {
		f.mu.Lock()
		stuck, in := f.hang[m[2]], f.stuckIn
		f.mu.Unlock()
		if stuck != nil {
			if in != nil {
				in <- struct{}{}
			}
			<-stuck
		}
	}
	f.mu.Lock()
	defer f.mu.Unlock()
	raw, _ := io.ReadAll(r.Body)
	raw, files, multi := multipartBody(r, raw)
	if multi && len(files) > 0 && r.Method != http.MethodPost && r.Method != http.MethodPatch {
		f.t.Errorf("files sent with %s", r.Method)
	}
	var body map[string]any
	var put []json.RawMessage // a bulk overwrite's commands
	if len(raw) > 0 {
		if err := json.Unmarshal(raw, &body); err != nil {
			var list []json.RawMessage
			if json.Unmarshal(raw, &list) == nil {
				body = map[string]any{"list": len(list)}
				put = list
			}
		}
	}
	path := r.URL.Path
	if f.oauth(w, r, raw) {
		return
	}
	f.calls = append(f.calls, call{r.Method, path, body})
	short := rePathLimit.ReplaceAllString(path, "")
	for prefix := range f.limitOnce {
		if strings.HasPrefix(short, prefix) {
			delete(f.limitOnce, prefix)
			w.Header().Set("Retry-After", "0")
			f.reply(w, http.StatusTooManyRequests, map[string]any{"message": "You are being rate limited.", "retry_after": 0.01, "global": false})
			return
		}
	}
	checkMessageLimits(f.t, body)
	if len(files) > 0 && f.noAttach && (reMessages.MatchString(path) || reMessage.MatchString(path)) {
		f.apiError(w, http.StatusForbidden, 50013, "Missing Permissions")
		return
	}
	if len(files) > 0 && f.failFiles > 0 {
		f.failFiles--
		f.apiError(w, http.StatusInternalServerError, 0, "500: Internal Server Error")
		return
	}
	switch {
	case reCallback.MatchString(path) && r.Method == http.MethodPost:
		m := reCallback.FindStringSubmatch(path)
		id, token := m[1], m[2]
		if _, ok := f.tokens[token]; !ok || f.expired[token] {
			f.apiError(w, http.StatusNotFound, 10062, "Unknown interaction")
			return
		}
		if f.acked[id] {
			f.apiError(w, http.StatusBadRequest, 40060, "Interaction has already been acknowledged.")
			return
		}
		f.acked[id] = true
		f.applyAck(token, body)
		w.WriteHeader(http.StatusNoContent)
	case reOriginal.MatchString(path):
		token := reOriginal.FindStringSubmatch(path)[2]
		info, ok := f.tokens[token]
		if !ok || f.expired[token] {
			f.apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
			return
		}
		msg := f.messages[info.message]
		if r.Method == http.MethodGet && f.notYet > 0 {
			f.notYet--
			msg = nil // Discord has not processed the acknowledgement yet
		}
		if msg == nil {
			f.apiError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		if r.Method == http.MethodPatch {
			msg.Body = body
			f.history = append(f.history, edit{msg.Audience, msg.Channel, body})
		}
		if r.Method == http.MethodDelete {
			delete(f.messages, msg.ID)
			f.deleted++
			w.WriteHeader(http.StatusNoContent)
			return
		}
		f.reply(w, http.StatusOK, msg.json())
	case reFollowup.MatchString(path) && r.Method == http.MethodPost:
		token := reFollowup.FindStringSubmatch(path)[2]
		info, ok := f.tokens[token]
		if !ok || f.expired[token] {
			f.apiError(w, http.StatusUnauthorized, 50027, "Invalid Webhook Token")
			return
		}
		aud := ""
		if flags, _ := body["flags"].(float64); int(flags)&64 != 0 {
			aud = info.user
		}
		f.reply(w, http.StatusOK, f.newMessage(info.channel, aud, body).json())
	case reDM.MatchString(path):
		user := body["recipient_id"].(string)
		f.reply(w, http.StatusOK, map[string]any{"id": "dm-" + user, "type": 1})
	case reThread.MatchString(path) && r.Method == http.MethodPost:
		m := reThread.FindStringSubmatch(path)
		ch, id := m[1], m[2]
		switch {
		case f.threadRefusal != 0:
			f.apiError(w, http.StatusForbidden, f.threadRefusal, "Missing Permissions")
			return
		case f.messages[id] == nil || f.messages[id].Channel != ch:
			f.apiError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		case f.threads[id] != "":
			f.apiError(w, http.StatusBadRequest, 160004, "A thread has already been created for this message")
			return
		}
		if name, _ := body["name"].(string); name == "" || len([]rune(name)) > 100 {
			f.t.Errorf("thread name %q", name)
		}
		if d, _ := body["auto_archive_duration"].(float64); d != 60 && d != 1440 && d != 4320 && d != 10080 {
			f.t.Errorf("auto_archive_duration %v", body["auto_archive_duration"])
		}
		f.threads[id] = ch
		f.reply(w, http.StatusCreated, map[string]any{"id": id, "type": 11, "parent_id": ch, "name": body["name"]})
	case reMessages.MatchString(path) && r.Method == http.MethodPost:
		ch := reMessages.FindStringSubmatch(path)[1]
		if f.messages[ch] != nil && f.threads[ch] == "" {
			// A message's ID is a channel only once a thread was made from it.
			f.apiError(w, http.StatusNotFound, 10003, "Unknown Channel")
			return
		}
		aud := ""
		if u, ok := strings.CutPrefix(ch, "dm-"); ok {
			if f.closedDMs[u] {
				f.apiError(w, http.StatusForbidden, 50007, "Cannot send messages to this user")
				return
			}
			aud = u
		}
		// enforce_nonce: the same nonce in the same channel within minutes
		// answers with the message made the first time.
		if n, _ := body["nonce"].(string); n != "" && body["enforce_nonce"] == true {
			for _, m := range f.created {
				if m.Channel == ch && m.Body["nonce"] == n {
					f.reply(w, http.StatusOK, m.json())
					return
				}
			}
		}
		m := f.newMessage(ch, aud, body)
		f.attach(m, body, files, false)
		if len(files) > 0 && f.loseFileReplies > 0 {
			f.loseFileReplies--
			f.apiError(w, http.StatusInternalServerError, 0, "500: Internal Server Error")
			return
		}
		f.reply(w, http.StatusOK, m.json())
	case reMessage.MatchString(path) && r.Method == http.MethodDelete:
		id := reMessage.FindStringSubmatch(path)[2]
		if f.messages[id] == nil {
			f.apiError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		delete(f.messages, id)
		f.deleted++
		w.WriteHeader(http.StatusNoContent)
	case reMessage.MatchString(path) && r.Method == http.MethodPatch:
		id := reMessage.FindStringSubmatch(path)[2]
		msg := f.messages[id]
		if msg == nil {
			f.apiError(w, http.StatusNotFound, 10008, "Unknown Message")
			return
		}
		msg.Body = body
		f.attach(msg, body, files, true)
		f.history = append(f.history, edit{msg.Audience, msg.Channel, body})
		f.reply(w, http.StatusOK, msg.json())
	case reCommands.MatchString(path) && r.Method == http.MethodPut:
		// While Activities are on, an overwrite must keep the entry point.
		entry := func(list []json.RawMessage) bool {
			for _, c := range list {
				var v struct{ Type int }
				if json.Unmarshal(c, &v) == nil && v.Type == 4 {
					return true
				}
			}
			return false
		}
		if entry(f.commands) && !entry(put) {
			f.apiError(w, http.StatusBadRequest, 50240, "You cannot remove this app's Entry Point command in a bulk update operation")
			return
		}
		f.commands = put
		f.reply(w, http.StatusOK, put)
	case reCommands.MatchString(path):
		var out []any
		for _, c := range f.commands {
			var v any
			_ = json.Unmarshal(c, &v)
			out = append(out, v)
		}
		if out == nil {
			out = []any{}
		}
		f.reply(w, http.StatusOK, out)
	default:
		f.t.Errorf("fake Discord: unexpected %s %s", r.Method, path)
		f.apiError(w, http.StatusNotFound, 0, "404: Not Found")
	}
}

// applyAck does what Discord does with an interaction response, sent by
// callback or as the HTTP endpoint's reply. The caller holds f.mu.
func (f *fakeDiscord) applyAck(token string, body map[string]any) {
	info := f.tokens[token]
	data, _ := body["data"].(map[string]any)
	switch typ := int(body["type"].(float64)); typ {
	case 4, 5: // a new message (or a deferred one)
		aud := ""
		if flags, _ := data["flags"].(float64); int(flags)&64 != 0 {
			aud = info.user
		}
		msg := f.newMessage(info.channel, aud, data)
		info.message = msg.ID
		f.tokens[token] = info
	case 7: // update the message the button is on
		if msg := f.messages[info.message]; msg != nil {
			msg.Body = data
			f.history = append(f.history, edit{msg.Audience, msg.Channel, data})
		}
	case 1, 6:
	case 12: // LAUNCH_ACTIVITY: the Activity opens for the person; no data
		if len(body) != 1 {
			f.t.Errorf("LAUNCH_ACTIVITY with more than its type: %v", body)
		}
		f.launched = append(f.launched, info.channel+"/"+info.user)
	default:
		f.t.Errorf("interaction response type %d", typ)
	}
}

// checkMessageLimits fails the test on a message Discord would refuse:
// embed sizes (title 256, description 4096, 25 fields of 256/1024, footer
// 2048, 6000 in all), 5 action rows of 5 buttons or one select, custom IDs
// of 100, button labels of 80, selects of 25 options with labels, values
// and descriptions of 100 and placeholders of 150, content of 2000.
func checkMessageLimits(t testing.TB, body map[string]any) {
	if d, ok := body["data"].(map[string]any); ok {
		body = d
	}
	runes := func(v any) int { s, _ := v.(string); return len([]rune(s)) }
	embeds, _ := body["embeds"].([]any)
	for _, e := range embeds {
		em := e.(map[string]any)
		total := runes(em["title"]) + runes(em["description"])
		if runes(em["title"]) > 256 || runes(em["description"]) > 4096 {
			t.Errorf("embed title %d, description %d characters", runes(em["title"]), runes(em["description"]))
		}
		if f, ok := em["footer"].(map[string]any); ok {
			total += runes(f["text"])
			if runes(f["text"]) > 2048 {
				t.Errorf("footer of %d characters", runes(f["text"]))
			}
		}
		fields, _ := em["fields"].([]any)
		if len(fields) > 25 {
			t.Errorf("%d fields", len(fields))
		}
		for _, f := range fields {
			fm := f.(map[string]any)
			total += runes(fm["name"]) + runes(fm["value"])
			if runes(fm["name"]) > 256 || runes(fm["value"]) > 1024 || runes(fm["value"]) == 0 {
				t.Errorf("field %q of %d characters", fm["name"], runes(fm["value"]))
			}
		}
		if total > 6000 {
			t.Errorf("an embed of %d characters", total)
		}
	}
	rows, _ := body["components"].([]any)
	if len(rows) > 5 {
		t.Errorf("%d action rows", len(rows))
	}
	for _, r := range rows {
		comps, _ := r.(map[string]any)["components"].([]any)
		if len(comps) > 5 || len(comps) == 0 {
			t.Errorf("a row of %d components", len(comps))
		}
		for _, c := range comps {
			b := c.(map[string]any)
			if id, _ := b["custom_id"].(string); len(id) == 0 || len(id) > 100 {
				t.Errorf("custom_id %q", id)
			}
			if typ, _ := b["type"].(float64); typ == 3 {
				if len(comps) != 1 {
					t.Errorf("a select shares its row with %d components", len(comps)-1)
				}
				opts, _ := b["options"].([]any)
				lo, _ := b["min_values"].(float64)
				hi, _ := b["max_values"].(float64)
				if len(opts) == 0 || len(opts) > 25 || runes(b["placeholder"]) > 150 || lo > hi || int(hi) > len(opts) {
					t.Errorf("select %v: %d options, min %v max %v", b["custom_id"], len(opts), lo, hi)
				}
				for _, o := range opts {
					om := o.(map[string]any)
					if runes(om["label"]) == 0 || runes(om["label"]) > 100 || runes(om["value"]) > 100 || runes(om["description"]) > 100 {
						t.Errorf("select option %v", om)
					}
				}
				continue
			}
			if l, _ := b["label"].(string); len([]rune(l)) > 80 {
				t.Errorf("label %q", l)
			}
		}
	}
	if c, _ := body["content"].(string); len([]rune(c)) > 2000 {
		t.Errorf("content of %d characters", len(c))
	}
}

// selectOf describes a message's select with custom ID id: its option
// values and how many may be chosen.
func (m *fakeMessage) selectOf(id string) (values []string, lo, hi int) {
	rows, _ := m.Body["components"].([]any)
	for _, r := range rows {
		comps, _ := r.(map[string]any)["components"].([]any)
		for _, c := range comps {
			b := c.(map[string]any)
			if b["custom_id"] != id {
				continue
			}
			for _, o := range b["options"].([]any) {
				values = append(values, o.(map[string]any)["value"].(string))
			}
			l, _ := b["min_values"].(float64)
			h, _ := b["max_values"].(float64)
			return values, int(l), int(h)
		}
	}
	return nil, 0, 0
}

// seen lists, for a user, every message they can see: their own private
// ones and every channel message.
func (f *fakeDiscord) visible() (public []*fakeMessage, private map[string][]*fakeMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	private = map[string][]*fakeMessage{}
	for _, m := range f.messages {
		if m.Audience == "" {
			public = append(public, m)
		} else {
			private[m.Audience] = append(private[m.Audience], m)
		}
	}
	return public, private
}

func (f *fakeDiscord) message(id string) *fakeMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	return f.messages[id]
}

// text is everything a message shows: content, embed and button labels.
func (m *fakeMessage) text() string {
	var b strings.Builder
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	_ = enc.Encode(m.Body)
	return b.String()
}

// buttons lists a message's custom IDs.
func (m *fakeMessage) buttons() []string {
	var out []string
	rows, _ := m.Body["components"].([]any)
	for _, r := range rows {
		comps, _ := r.(map[string]any)["components"].([]any)
		for _, c := range comps {
			if id, ok := c.(map[string]any)["custom_id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

// description is the message's embed text, decoded.
func (m *fakeMessage) description() string {
	embeds, _ := m.Body["embeds"].([]any)
	if len(embeds) == 0 {
		return ""
	}
	d, _ := embeds[0].(map[string]any)["description"].(string)
	return d
}

// field is the value of the embed field called name.
func (m *fakeMessage) field(name string) (string, bool) {
	embeds, _ := m.Body["embeds"].([]any)
	if len(embeds) == 0 {
		return "", false
	}
	fields, _ := embeds[0].(map[string]any)["fields"].([]any)
	for _, f := range fields {
		if f, _ := f.(map[string]any); f["name"] == name {
			v, _ := f["value"].(string)
			return v, true
		}
	}
	return "", false
}

func (m *fakeMessage) title() string {
	embeds, _ := m.Body["embeds"].([]any)
	if len(embeds) == 0 {
		return ""
	}
	t, _ := embeds[0].(map[string]any)["title"].(string)
	return t
}
