// The chat page: asks /v1/ask with the key kept in this tab's session storage, and shows each decision as
// an answer with its sources, a partial answer, or a refusal card with a way to reach a person.
// Everything from the server is inserted as text, never as HTML, and only http(s) links are made.
"use strict";

const KEY = "answerable.key";
const params = new URLSearchParams(location.search);
const conversation = []; // {role, text}, sent with a handoff so support sees what was said

// The reason in plain words, by the decision's first reason code (the one that drives its next step).
const REASONS = {
  no_evidence: "The documentation you can read has nothing on this.",
  source_not_allowed: "The only source for this is not approved for answers.",
  conflicting_evidence: "The documentation disagrees with itself on this.",
  evidence_stale: "The only source for this may be out of date.",
  low_retrieval_confidence: "None of the pages you can read is about this.",
  no_answer_bearing_evidence: "The pages on this topic do not answer this question.",
  required_claim_not_covered: "Part of the question is not answered by the documentation.",
  support_below_threshold: "The closest pages only weakly support an answer.",
  ambiguous_sources: "Several pages could apply, so the right one is unclear.",
  model_declined: "An answer could not be written from the sources.",
  unsupported_claim: "A drafted answer went beyond its sources, so it was withheld.",
  citation_invalid: "A drafted answer cited a source it was not given, so it was withheld.",
};

const $ = (sel, root = document) => root.querySelector(sel);
const clone = (id) => $(id).content.firstElementChild.cloneNode(true);

function safeUrl(url) {
  if (typeof url !== "string") return null;
  try {
    const u = new URL(url);
    return u.protocol === "https:" || u.protocol === "http:" ? u.href : null;
  } catch {
    return null;
  }
}

function link(url, text) {
  const href = safeUrl(url);
  if (!href) {
    const span = document.createElement("span");
    span.textContent = text;
    return span;
  }
  const a = document.createElement("a");
  a.href = href;
  a.textContent = text;
  a.target = "_blank";
  a.rel = "noopener noreferrer";
  return a;
}

function key() {
  return sessionStorage.getItem(KEY);
}

function showKeyForm(message) {
  $("#chat").hidden = true;
  $("#key-panel").hidden = false;
  const error = $("#key-error");
  error.hidden = !message;
  error.textContent = message || "";
  $("#key").value = "";
  $("#key").focus();
}

function showChat() {
  $("#key-panel").hidden = true;
  $("#chat").hidden = false;
  $("#question").focus();
}

class ApiError extends Error {
  constructor(status, code, message) {
    super(message);
    this.status = status;
    this.code = code;
  }
}

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

// A full queue is answered 503 with Retry-After at once: wait that long and ask again, a few times.
async function api(path, body, onWait) {
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await apiOnce(path, body);
    } catch (error) {
      const wait = Number(error.retryAfter);
      if (!(error.code === "overloaded" && wait > 0 && wait <= 30 && attempt < 4)) throw error;
      if (onWait) onWait(wait);
      await sleep(wait * 1000);
    }
  }
}

async function apiOnce(path, body) {
  const response = await fetch(path, {
    method: "POST",
    headers: { "Content-Type": "application/json", Authorization: `Bearer ${key()}` },
    body: JSON.stringify(body),
  });
  let data = null;
  try {
    data = await response.json();
  } catch {
    data = null;
  }
  if (!response.ok) {
    const error = (data && data.error) || { code: "error", message: `The service answered ${response.status}.` };
    const failure = new ApiError(response.status, error.code, error.message);
    failure.retryAfter = response.headers.get("Retry-After");
    throw failure;
  }
  return data;
}

function addTurn(node) {
  $("#log").appendChild(node);
  node.scrollIntoView({ block: "nearest" });
  return node;
}

// The answer's [passage-id] markers become numbered links to their sources, in citation order.
function renderAnswer(container, answer, citations) {
  const number = new Map();
  citations.forEach((c) => {
    if (!number.has(c.passage_id)) number.set(c.passage_id, number.size + 1);
  });
  const url = new Map(citations.map((c) => [c.passage_id, c.url]));
  const parts = answer.split(/\[([^\[\]\s]+)\]/);
  parts.forEach((part, i) => {
    if (i % 2 === 0) {
      container.appendChild(document.createTextNode(part));
      return;
    }
    if (!number.has(part)) {
      container.appendChild(document.createTextNode(`[${part}]`));
      return;
    }
    const sup = document.createElement("sup");
    const a = link(url.get(part), `[${number.get(part)}]`);
    a.setAttribute("aria-label", `source ${number.get(part)}`);
    a.classList.add("cite");
    sup.appendChild(a);
    container.appendChild(sup);
  });
  return number;
}

function fillList(section, items, render) {
  if (!items.length) return;
  section.hidden = false;
  const list = $("ul, ol", section);
  items.forEach((item) => {
    const li = document.createElement("li");
    render(li, item);
    list.appendChild(li);
  });
}

function showDecision(decision) {
  const refused = decision.status === "abstain";
  const card = clone(refused ? "#t-refusal" : "#t-answer");
  const article = $("article", card);
  article.dataset.decision = decision.decision_id;
  article.dataset.status = decision.status;
  if (refused) {
    const first = decision.reason_codes[0];
    $(".reason", card).textContent = REASONS[first] || "The documentation does not answer this.";
    $(".next", card).textContent = decision.next_step || "";
    fillList($(".suggestions", card), decision.suggestions, (li, s) => li.appendChild(link(s.url, s.title || s.passage_id)));
    conversation.push({ role: "assistant", text: `${$(".reason", card).textContent} ${decision.next_step || ""}`.trim() });
  } else {
    if (decision.status === "partial") $(".badge", card).hidden = false;
    const numbers = renderAnswer($(".text", card), decision.answer || "", decision.citations);
    const sources = $(".sources ol", card);
    const seen = new Set();
    decision.citations.forEach((c) => {
      if (seen.has(c.passage_id)) return;
      seen.add(c.passage_id);
      const li = document.createElement("li");
      li.value = numbers.get(c.passage_id);
      li.appendChild(link(c.url, c.title || c.passage_id));
      const quote = document.createElement("span");
      quote.className = "quote";
      quote.textContent = c.quote;
      li.appendChild(quote);
      sources.appendChild(li);
    });
    conversation.push({ role: "assistant", text: decision.answer || "" });
  }
  fillList($(".missing", card), decision.missing_claims, (li, m) => { li.textContent = m; });
  wireActions(article, decision.decision_id);
  addTurn(card);
}

function wireActions(article, decisionId) {
  const status = $(".status", article);
  const send = async (body, done) => {
    status.textContent = "Sending…";
    try {
      const result = await api(`/v1/decisions/${encodeURIComponent(decisionId)}/feedback`, body);
      status.textContent = done(result);
    } catch (error) {
      status.textContent = `Not sent: ${error.message}`;
      if (error.status === 401) showKeyForm(error.message);
    }
  };
  const helpful = $(".helpful", article);
  if (helpful) helpful.addEventListener("click", () => send({ kind: "helpful" }, () => "Thanks for telling us."));
  const wrong = $(".wrong", article);
  if (wrong) wrong.addEventListener("click", () => send({ kind: "wrong" }, () => "Thanks: this answer is marked for review."));
  const contact = $(".contact", article);
  contact.addEventListener("click", () => {
    if ($(".handoff", article)) return;
    const form = clone("#t-handoff");
    $(".actions", article).after(form);
    $("textarea", form).focus();
    $(".cancel", form).addEventListener("click", () => { form.remove(); contact.focus(); });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      const submit = $("button[type=submit]", form);
      submit.disabled = true;
      const message = form.elements.message.value.trim() || null;
      const contactWay = form.elements.contact.value.trim() || null;
      await send(
        { kind: "handoff", message, contact: contactWay, conversation: conversation.slice(-100) },
        (result) => `Sent to support (ticket ${result.ticket_id}). Someone will follow up.`,
      );
      form.remove();
      contact.disabled = true;
      article.focus();
    });
  });
}

function showError(message) {
  const node = clone("#t-error");
  $("p", node).textContent = message;
  addTurn(node);
}

async function ask(question) {
  const turn = clone("#t-question");
  $(".bubble", turn).textContent = question;
  addTurn(turn);
  conversation.push({ role: "user", text: question });
  const body = { question };
  if (params.get("profile")) body.profile = params.get("profile");
  if (params.get("as_of")) body.as_of = params.get("as_of");
  const button = $("#ask");
  button.disabled = true;
  button.textContent = "Asking…";
  try {
    showDecision(await api("/v1/ask", body, (wait) => { button.textContent = `Busy, asking again in ${wait} s…`; }));
  } catch (error) {
    if (error.status === 401) {
      sessionStorage.removeItem(KEY);
      showKeyForm(error.message);
    } else {
      showError(error.message);
    }
  } finally {
    button.disabled = false;
    button.textContent = "Ask";
  }
}

document.addEventListener("DOMContentLoaded", () => {
  $("#key-form").addEventListener("submit", (event) => {
    event.preventDefault();
    const value = $("#key").value.trim();
    if (!value) return;
    sessionStorage.setItem(KEY, value);
    showChat();
  });
  $("#forget").addEventListener("click", () => {
    sessionStorage.removeItem(KEY);
    showKeyForm("");
  });
  const form = $("#ask-form");
  form.addEventListener("submit", (event) => {
    event.preventDefault();
    const question = $("#question").value.trim();
    if (!question || $("#ask").disabled) return;
    $("#question").value = "";
    ask(question);
  });
  $("#question").addEventListener("keydown", (event) => {
    if (event.key === "Enter" && !event.shiftKey && !event.isComposing) {
      event.preventDefault();
      form.requestSubmit();
    }
  });
  if (key()) showChat();
  else showKeyForm("");
});
