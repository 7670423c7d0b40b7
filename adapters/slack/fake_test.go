package slack

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"

	slackapi "github.com/slack-go/slack"
	"github.com/slack-go/slack/slacktest"
)

// fakeSlack is slacktest's server extended with what it lacks
// (chat.update, conversations.open, response_url) and with overrides of
// chat.postMessage and chat.postEphemeral that keep each message with who
// may see it.
type fakeSlack struct {
	t   testing.TB
	srv *slacktest.Server

	mu        sync.Mutex
	next      int
	messages  map[string]*slackMessage // by channel + "/" + ts
	responses map[string]responseTarget
	noDM      map[string]bool
	limitOnce bool
	calls     []string
	history   []shown
	refused   []string          // calls Slack would have refused
	homes     map[string]string // each user's latest published Home tab blocks
	created   []*slackMessage   // every message made, in order (deleted ones too)
	uses      map[string]int    // response_url → times used
	notIn     map[string]bool   // channels the app is not in (chat.postMessage: not_in_channel)
	// files are the uploads by ID, as files.getUploadURLExternal, the
	// upload URL and files.completeUploadExternal made them.
	files map[string]*slackFile
	// uploadFails answers this many uploads to the upload URL with a 500.
	uploadFails int
	// noFilesWrite answers files.getUploadURLExternal as Slack does an app
	// installed without the files:write scope: missing_scope.
	noFilesWrite bool
	// killToken, when set, is a replica's token: its killAt-th
	// chat.postMessage is made, then the replica dies (onKill runs) before
	// the answer reaches it, and every later call of that token finds the
	// connection closed, as calls from a killed process never arrive.
	killToken        string
	killAt, byKilled int
	killed           bool
	onKill           func()
	// loseEvery, when set, makes every n-th chat.postMessage (lost counts
	// them) and then drops the connection: Slack made the post, the
	// client sees a failure, as when it times out after Slack answered.
	loseEvery, posts, lost int
	// locale is what users.info says of every user's language ("": en-US).
	locale string
	// usersInfoFails answers users.info with an error, as Slack does a
	// token without users:read.
	usersInfoFails bool
}

// slackFile is one upload.
type slackFile struct {
	ID, Name, Alt string
	Data          []byte
	Complete      bool
	Shared        bool // completed into a channel (a "file shared" message)
	Deleted       bool
}

type slackMessage struct {
	Channel, TS string
	Audience    string // "" for the channel, else the one user who sees it
	Blocks      string
	// ThreadTS is the parent's ts of a reply in a thread.
	ThreadTS string
	// Metadata is the message's metadata as posted (JSON), "" for none.
	Metadata string
	// Pings are the users a new message notified.
	Pings []string
}

type shown struct {
	audience string
	blocks   string
}

// responseTarget is what a response_url acts on.
type responseTarget struct {
	user, channel string
	message       string // key of the message replace_original replaces
}

func newFakeSlack(t testing.TB) *fakeSlack {
	f := &fakeSlack{t: t, messages: map[string]*slackMessage{}, responses: map[string]responseTarget{}, noDM: map[string]bool{},
		homes: map[string]string{}, uses: map[string]int{}, notIn: map[string]bool{}, files: map[string]*slackFile{}}
	f.srv = slacktest.NewTestServer(func(c slacktest.Customize) {
		c.Handle("/chat.postMessage", f.postMessage)
		c.Handle("/chat.postEphemeral", f.postEphemeral)
		c.Handle("/chat.update", f.update)
		c.Handle("/chat.delete", f.delete)
		c.Handle("/conversations.open", f.open)
		c.Handle("/views.publish", f.publish)
		c.Handle("/response/", f.response)
		c.Handle("/files.getUploadURLExternal", f.uploadURL)
		c.Handle("/upload/", f.upload)
		c.Handle("/files.completeUploadExternal", f.completeUpload)
		c.Handle("/files.delete", f.deleteFile)
		c.Handle("/files.list", f.listFiles)
		c.Handle("/conversations.history", f.conversationHistory)
		c.Handle("/conversations.replies", f.conversationReplies)
		c.Handle("/users.info", f.usersInfo)
	})
	f.srv.Start()
	t.Cleanup(f.srv.Stop)
	return f
}

func (f *fakeSlack) api() *slackapi.Client {
	return slackapi.New("xoxb-test", slackapi.OptionAPIURL(f.srv.GetAPIURL()), slackapi.OptionRetry(2))
}

func (f *fakeSlack) ok(w http.ResponseWriter, v map[string]any) {
	v["ok"] = true
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func (f *fakeSlack) fail(w http.ResponseWriter, code string) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(map[string]any{"ok": false, "error": code})
}

func (f *fakeSlack) add(channel, audience, blocks string) *slackMessage {
	f.next++
	m := &slackMessage{Channel: channel, TS: fmt.Sprintf("1763500000.%06d", f.next), Audience: audience, Blocks: blocks}
	f.messages[channel+"/"+m.TS] = m
	f.created = append(f.created, m)
	f.history = append(f.history, shown{audience, blocks})
	checkBlocks(f.t, blocks)
	f.checkImages(blocks)
	return m
}

// checkImages refuses an image block whose slack_file is not a finished,
// undeleted upload, as Slack does (invalid_blocks). The caller holds f.mu.
func (f *fakeSlack) checkImages(blocks string) {
	var bs []map[string]any
	_ = json.Unmarshal([]byte(blocks), &bs)
	for _, b := range bs {
		if b["type"] != "image" {
			continue
		}
		sf, _ := b["slack_file"].(map[string]any)
		id, _ := sf["id"].(string)
		if file := f.files[id]; file == nil || !file.Complete || file.Deleted {
			f.refused = append(f.refused, "an image block shows file "+id+", not an upload")
		}
		if alt, _ := b["alt_text"].(string); alt == "" {
			f.refused = append(f.refused, "an image block without alt text")
		}
	}
}

func (f *fakeSlack) uploadURL(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "files.getUploadURLExternal")
	if f.noFilesWrite {
		f.fail(w, "missing_scope")
		return
	}
	f.next++
	id := fmt.Sprintf("F%06d", f.next)
	f.files[id] = &slackFile{ID: id, Name: r.Form.Get("filename"), Alt: r.Form.Get("alt_txt")}
	f.ok(w, map[string]any{"upload_url": f.srv.GetAPIURL() + "upload/" + id, "file_id": id})
}

func (f *fakeSlack) upload(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, "upload")
	if f.uploadFails > 0 {
		f.uploadFails--
		http.Error(w, "upstream failure", http.StatusInternalServerError)
		return
	}
	file := f.files[strings.TrimPrefix(r.URL.Path, "/upload/")]
	part, _, err := r.FormFile("file")
	if file == nil || err != nil {
		http.Error(w, "no such upload", http.StatusNotFound)
		return
	}
	file.Data, _ = io.ReadAll(part)
	w.WriteHeader(http.StatusOK)
	_, _ = w.Write([]byte("OK - " + fmt.Sprint(len(file.Data))))
}

func (f *fakeSlack) completeUpload(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "files.completeUploadExternal")
	var list []struct{ ID, Title string }
	_ = json.Unmarshal([]byte(r.Form.Get("files")), &list)
	var out []map[string]any
	for _, l := range list {
		file := f.files[l.ID]
		if file == nil || file.Data == nil {
			f.fail(w, "file_not_found")
			return
		}
		file.Complete = true
		file.Shared = r.Form.Get("channel_id") != "" || r.Form.Get("channels") != ""
		out = append(out, map[string]any{"id": file.ID, "title": l.Title})
	}
	f.ok(w, map[string]any{"files": out})
}

func (f *fakeSlack) deleteFile(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "files.delete")
	file := f.files[r.Form.Get("file")]
	switch {
	case file == nil:
		f.fail(w, "file_not_found")
	case file.Deleted:
		f.fail(w, "file_deleted")
	default:
		file.Deleted = true
		f.ok(w, map[string]any{})
	}
}

// liveFiles are the uploads not deleted.
func (f *fakeSlack) liveFiles() []*slackFile {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*slackFile
	for _, file := range f.files {
		if !file.Deleted {
			out = append(out, file)
		}
	}
	return out
}

func audienceOf(channel string) string {
	if u, ok := strings.CutPrefix(channel, "D"); ok {
		return u
	}
	return ""
}

func (f *fakeSlack) postMessage(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "chat.postMessage")
	byKillable := f.killToken != "" && (r.Form.Get("token") == f.killToken || r.Header.Get("Authorization") == "Bearer "+f.killToken)
	if byKillable && f.killed {
		hangUp(w)
		return
	}
	if f.limitOnce {
		f.limitOnce = false
		w.Header().Set("Retry-After", "1")
		w.WriteHeader(http.StatusTooManyRequests)
		return
	}
	ch := r.Form.Get("channel")
	if f.notIn[ch] {
		f.fail(w, "not_in_channel")
		return
	}
	parent := r.Form.Get("thread_ts")
	if parent != "" {
		p := f.messages[ch+"/"+parent]
		switch {
		case p == nil:
			f.fail(w, "thread_not_found")
			return
		case p.ThreadTS != "":
			f.refused = append(f.refused, "a reply to a reply: thread_ts must be the parent's ts")
		}
	}
	m := f.add(ch, audienceOf(ch), r.Form.Get("blocks"))
	m.ThreadTS, m.Metadata = parent, r.Form.Get("metadata")
	// A new message notifies whom its notification text mentions (an edit
	// never does): a mention only inside a block shows, but pings nobody's
	// phone.
	for _, u := range mentioned.FindAllStringSubmatch(r.Form.Get("text"), -1) {
		m.Pings = append(m.Pings, u[1])
	}
	f.posts++
	if byKillable {
		if f.byKilled++; f.byKilled == f.killAt {
			f.killed = true
			f.onKill()
			hangUp(w)
			return
		}
	}
	if f.loseEvery > 0 && f.posts%f.loseEvery == 0 {
		// Made, but the answer never arrives.
		f.lost++
		if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
			conn.Close()
			return
		}
	}
	f.ok(w, map[string]any{"channel": ch, "ts": m.TS})
}

// hangUp closes the connection without an answer.
func hangUp(w http.ResponseWriter) {
	if conn, _, err := http.NewResponseController(w).Hijack(); err == nil {
		conn.Close()
	}
}

// listed is a message as conversations.history and .replies return it:
// its metadata only when asked for.
func (m *slackMessage) listed(withMetadata bool) map[string]any {
	out := map[string]any{"type": "message", "ts": m.TS, "blocks": json.RawMessage(m.Blocks)}
	if m.ThreadTS != "" {
		out["thread_ts"] = m.ThreadTS
	}
	if withMetadata && m.Metadata != "" {
		out["metadata"] = json.RawMessage(m.Metadata)
	}
	return out
}

// conversationHistory lists a channel's latest messages, newest first
// (replies in threads are not the channel's), at most limit.
func (f *fakeSlack) conversationHistory(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "conversations.history")
	ch, meta := r.Form.Get("channel"), (r.Form.Get("include_all_metadata") == "1" || r.Form.Get("include_all_metadata") == "true")
	limit, _ := strconv.Atoi(r.Form.Get("limit"))
	var out []map[string]any
	for i := len(f.created) - 1; i >= 0 && len(out) < limit; i-- {
		m := f.created[i]
		if m.Channel == ch && m.ThreadTS == "" && f.messages[ch+"/"+m.TS] == m && (m.Audience == "" || strings.HasPrefix(ch, "D")) {
			out = append(out, m.listed(meta))
		}
	}
	f.ok(w, map[string]any{"messages": out, "has_more": false})
}

// conversationReplies lists a thread: its parent, then its replies.
func (f *fakeSlack) conversationReplies(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "conversations.replies")
	ch, ts, meta := r.Form.Get("channel"), r.Form.Get("ts"), (r.Form.Get("include_all_metadata") == "1" || r.Form.Get("include_all_metadata") == "true")
	parent := f.messages[ch+"/"+ts]
	if parent == nil {
		f.fail(w, "thread_not_found")
		return
	}
	out := []map[string]any{parent.listed(meta)}
	for _, m := range f.created {
		if m.Channel == ch && m.ThreadTS == ts && f.messages[ch+"/"+m.TS] == m {
			out = append(out, m.listed(meta))
		}
	}
	f.ok(w, map[string]any{"messages": out, "has_more": false})
}

// listFiles lists the uploads the app can see, newest first.
func (f *fakeSlack) listFiles(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "files.list")
	var ids []string
	for id, file := range f.files {
		if file.Complete && !file.Deleted {
			ids = append(ids, id)
		}
	}
	sort.Sort(sort.Reverse(sort.StringSlice(ids)))
	var out []map[string]any
	for _, id := range ids {
		out = append(out, map[string]any{"id": id, "name": f.files[id].Name})
	}
	f.ok(w, map[string]any{"files": out, "response_metadata": map[string]any{"next_cursor": ""}})
}

var mentioned = regexp.MustCompile(`<@(U[0-9A-Z]+)>`)

func (f *fakeSlack) delete(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "chat.delete")
	key := r.Form.Get("channel") + "/" + r.Form.Get("ts")
	m := f.messages[key]
	switch {
	case m == nil:
		f.fail(w, "message_not_found")
		return
	case m.Audience != "" && !strings.HasPrefix(m.Channel, "D"):
		f.refused = append(f.refused, "chat.delete on an ephemeral message")
		f.fail(w, "cant_delete_message")
		return
	}
	delete(f.messages, key)
	f.ok(w, map[string]any{"channel": m.Channel, "ts": m.TS})
}

func (f *fakeSlack) postEphemeral(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "chat.postEphemeral")
	m := f.add(r.Form.Get("channel"), r.Form.Get("user"), r.Form.Get("blocks"))
	f.ok(w, map[string]any{"message_ts": m.TS})
}

func (f *fakeSlack) update(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "chat.update")
	m := f.messages[r.Form.Get("channel")+"/"+r.Form.Get("ts")]
	if m == nil {
		f.fail(w, "message_not_found")
		return
	}
	if m.Audience != "" && !strings.HasPrefix(m.Channel, "D") {
		f.refused = append(f.refused, "chat.update on an ephemeral message")
		f.fail(w, "cant_update_message") // chat.update cannot edit an ephemeral message
		return
	}
	m.Blocks = r.Form.Get("blocks")
	f.history = append(f.history, shown{m.Audience, m.Blocks})
	checkBlocks(f.t, m.Blocks)
	f.checkImages(m.Blocks)
	f.ok(w, map[string]any{"channel": m.Channel, "ts": m.TS})
}

func (f *fakeSlack) open(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	_ = r.ParseForm()
	f.calls = append(f.calls, "conversations.open")
	user := r.Form.Get("users")
	if f.noDM[user] {
		f.fail(w, "user_disabled")
		return
	}
	f.ok(w, map[string]any{"channel": map[string]any{"id": "D" + user}})
}

// responseURL mints a response_url for a request by user in channel;
// message is what replace_original replaces ("" until the request's own
// answer creates it).
func (f *fakeSlack) responseURL(user, channel, message string) string {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.next++
	id := fmt.Sprint(f.next)
	f.responses[id] = responseTarget{user, channel, message}
	return f.srv.GetAPIURL() + "response/" + id
}

func (f *fakeSlack) response(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := strings.TrimPrefix(r.URL.Path, "/response/")
	target, ok := f.responses[id]
	if !ok {
		http.Error(w, "expired_url", http.StatusNotFound)
		return
	}
	if f.uses[id]++; f.uses[id] > 5 {
		// Slack allows a response_url five uses.
		f.refused = append(f.refused, "a response_url used more than 5 times")
		http.Error(w, "used_url", http.StatusNotFound)
		return
	}
	var body struct {
		Blocks          json.RawMessage `json:"blocks"`
		ReplaceOriginal bool            `json:"replace_original"`
		DeleteOriginal  bool            `json:"delete_original"`
		ResponseType    string          `json:"response_type"`
	}
	_ = json.NewDecoder(r.Body).Decode(&body)
	f.calls = append(f.calls, "response_url")
	if body.DeleteOriginal {
		delete(f.messages, target.message)
		f.calls = append(f.calls, "response_url delete")
	} else if body.ReplaceOriginal {
		if m := f.messages[target.message]; m != nil {
			// Replacing keeps the message's audience: a public message stays
			// public, whatever the new content.
			m.Blocks = string(body.Blocks)
			f.history = append(f.history, shown{m.Audience, m.Blocks})
			checkBlocks(f.t, m.Blocks)
		}
	} else {
		// A new ephemeral message. The URL's original stays what it was:
		// for a click, the message the button was on.
		m := f.add(target.channel, target.user, string(body.Blocks))
		if target.message == "" {
			target.message = m.Channel + "/" + m.TS // a slash command's first answer
			f.responses[id] = target
		}
	}
	_, _ = w.Write([]byte("ok"))
}

// applyAck shows a slash command's immediate answer as Slack would: an
// ephemeral message, which the command's response_url can then replace.
func (f *fakeSlack) applyAck(responseURL string, blocks json.RawMessage) {
	f.mu.Lock()
	defer f.mu.Unlock()
	id := responseURL[strings.LastIndex(responseURL, "/")+1:]
	target := f.responses[id]
	m := f.add(target.channel, target.user, string(blocks))
	target.message = m.Channel + "/" + m.TS
	f.responses[id] = target
}

// checkBlocks fails on a message Slack would refuse: 50 blocks, header
// text of 150, section and context text of 3000, 25 elements an actions
// block, button text of 75 and action IDs of 255, selects of 100 options
// with text and descriptions of 75, values of 150, placeholders of 150.
func checkBlocks(t testing.TB, raw string) {
	if raw == "" {
		return
	}
	var bs []map[string]any
	if err := json.Unmarshal([]byte(raw), &bs); err != nil {
		t.Errorf("blocks %q: %v", raw, err)
		return
	}
	if len(bs) > 50 {
		t.Errorf("%d blocks", len(bs))
	}
	text := func(v any) int {
		m, _ := v.(map[string]any)
		s, _ := m["text"].(string)
		return len([]rune(s))
	}
	for _, b := range bs {
		switch b["type"] {
		case "header":
			if n := text(b["text"]); n > 150 || n == 0 {
				t.Errorf("a header of %d characters", n)
			}
		case "section":
			if n := text(b["text"]); n > 3000 || n == 0 {
				t.Errorf("a section of %d characters", n)
			}
		case "context":
			els, _ := b["elements"].([]any)
			for _, e := range els {
				if n := text(e); n > 3000 {
					t.Errorf("a context of %d characters", n)
				}
			}
		case "actions":
			els, _ := b["elements"].([]any)
			if len(els) > 25 || len(els) == 0 {
				t.Errorf("an actions block of %d elements", len(els))
			}
			for _, e := range els {
				el := e.(map[string]any)
				if id, _ := el["action_id"].(string); len(id) == 0 || len(id) > 255 {
					t.Errorf("action_id %q", id)
				}
				switch el["type"] {
				case "button":
					if n := text(el["text"]); n > 75 {
						t.Errorf("a button of %d characters", n)
					}
				case "static_select", "multi_static_select":
					opts, _ := el["options"].([]any)
					if len(opts) == 0 || len(opts) > 100 || text(el["placeholder"]) > 150 {
						t.Errorf("a select of %d options", len(opts))
					}
					for _, o := range opts {
						om := o.(map[string]any)
						if v, _ := om["value"].(string); text(om["text"]) > 75 || text(om["description"]) > 75 || len(v) > 150 {
							t.Errorf("select option %v", om)
						}
					}
					if n, ok := el["max_selected_items"].(float64); ok && (n < 1 || int(n) > len(opts)) {
						t.Errorf("max_selected_items %v of %d options", n, len(opts))
					}
				default:
					t.Errorf("element type %v", el["type"])
				}
			}
		}
	}
}

// selectOf returns the option values of the select with action ID id, and
// whether several may be chosen.
func (m *slackMessage) selectOf(id string) (values []string, multi bool, max int) {
	var bs []map[string]any
	_ = json.Unmarshal([]byte(m.Blocks), &bs)
	for _, b := range bs {
		els, _ := b["elements"].([]any)
		for _, e := range els {
			el := e.(map[string]any)
			if el["action_id"] != id {
				continue
			}
			opts, isSelect := el["options"].([]any)
			if !isSelect {
				return nil, false, 0 // a button
			}
			for _, o := range opts {
				values = append(values, o.(map[string]any)["value"].(string))
			}
			n, _ := el["max_selected_items"].(float64)
			return values, el["type"] == "multi_static_select", int(n)
		}
	}
	return nil, false, 0
}

// blockOf is the block_id of the block holding action id.
func (m *slackMessage) blockOf(id string) string {
	var bs []map[string]any
	_ = json.Unmarshal([]byte(m.Blocks), &bs)
	for _, b := range bs {
		els, _ := b["elements"].([]any)
		for _, e := range els {
			if e.(map[string]any)["action_id"] == id {
				s, _ := b["block_id"].(string)
				return s
			}
		}
	}
	return ""
}

// mine lists the messages audience sees as theirs alone.
func (f *fakeSlack) mine(audience string) []*slackMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	var out []*slackMessage
	for _, m := range f.messages {
		if m.Audience == audience {
			c := *m
			out = append(out, &c)
		}
	}
	return out
}

// latest returns the newest message for audience ("" public) whose blocks
// contain s.
func (f *fakeSlack) latest(audience, s string) *slackMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	var best *slackMessage
	for _, m := range f.messages {
		if m.Audience == audience && strings.Contains(m.Blocks, s) && (best == nil || m.TS > best.TS) {
			best = m
		}
	}
	return best
}

func (f *fakeSlack) get(m *slackMessage) *slackMessage {
	f.mu.Lock()
	defer f.mu.Unlock()
	c := *f.messages[m.Channel+"/"+m.TS]
	return &c
}

// actionIDs lists a message's button action IDs.
func (m *slackMessage) actionIDs() []string {
	var bs []map[string]any
	_ = json.Unmarshal([]byte(m.Blocks), &bs)
	var out []string
	for _, b := range bs {
		els, _ := b["elements"].([]any)
		for _, e := range els {
			if id, ok := e.(map[string]any)["action_id"].(string); ok {
				out = append(out, id)
			}
		}
	}
	return out
}

func (m *slackMessage) action(prefix string) string {
	for _, id := range m.actionIDs() {
		if strings.HasPrefix(id, prefix) {
			return id
		}
	}
	return ""
}

// publish is views.publish: a JSON body with the user and a home view.
func (f *fakeSlack) publish(w http.ResponseWriter, r *http.Request) {
	f.mu.Lock()
	defer f.mu.Unlock()
	f.calls = append(f.calls, "views.publish")
	var req struct {
		UserID string `json:"user_id"`
		View   struct {
			Type   string          `json:"type"`
			Blocks json.RawMessage `json:"blocks"`
		} `json:"view"`
	}
	if err := json.NewDecoder(r.Body).Decode(&req); err != nil || req.UserID == "" || req.View.Type != "home" {
		f.refused = append(f.refused, "views.publish without a user or a home view")
		f.fail(w, "invalid_arguments")
		return
	}
	var blocks []any
	if err := json.Unmarshal(req.View.Blocks, &blocks); err != nil || len(blocks) == 0 || len(blocks) > 100 {
		f.refused = append(f.refused, fmt.Sprintf("views.publish with %d blocks", len(blocks)))
		f.fail(w, "invalid_blocks")
		return
	}
	f.homes[req.UserID] = string(req.View.Blocks)
	f.ok(w, map[string]any{"view": map[string]any{"id": "V" + req.UserID, "type": "home"}})
}

// usersInfo answers users.info with the user's locale, as Slack does when
// asked with include_locale.
func (f *fakeSlack) usersInfo(w http.ResponseWriter, r *http.Request) {
	_ = r.ParseForm()
	f.mu.Lock()
	f.calls = append(f.calls, "users.info")
	loc, fails := f.locale, f.usersInfoFails
	f.mu.Unlock()
	if fails {
		f.fail(w, "missing_scope")
		return
	}
	if loc == "" {
		loc = "en-US"
	}
	if r.Form.Get("include_locale") != "true" {
		loc = ""
	}
	f.ok(w, map[string]any{"user": map[string]any{"id": r.Form.Get("user"), "name": r.Form.Get("user"), "locale": loc}})
}
