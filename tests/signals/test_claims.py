"""Required claims: hand-written multi-part questions, and the two-hop questions of hotpot-a."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from answerable.core.types import MAX_QUESTION_CHARS
from answerable.signals.claims import asked_part, decompose, is_keywords

DATA = Path(__file__).resolve().parents[3] / "shared" / "data"


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        ("How do I rotate an API key?", ["How do I rotate an API key?"]),
        (
            "How do I rotate an API key, and how long do rotated keys take to propagate?",
            ["How do I rotate an API key?", "how long do rotated keys take to propagate?"],
        ),
        (
            "What is the refund window and when are invoices sent?",
            ["What is the refund window?", "when are invoices sent?"],
        ),
        (
            "Which SDK supports offline mode and also what is the event limit?",
            ["Which SDK supports offline mode?", "what is the event limit?"],
        ),
        ("Where is data stored; how long is it kept?", ["Where is data stored?", "how long is data kept?"]),
        # A sentence that does not open asking is one question whose "what" stands in a list or a pair.
        (
            "The Rhine forms the border between Austria and what other country?",
            ["The Rhine forms the border between Austria and what other country?"],
        ),
        (
            "The Rhine and what other river drained the northern flanks of the Alps?",
            ["The Rhine and what other river drained the northern flanks of the Alps?"],
        ),
        ("Imperialism extends a country's power and what?", ["Imperialism extends a country's power and what?"]),
        (
            "I rotated my key and how long until the old one stops working?",
            ["I rotated my key and how long until the old one stops working?"],
        ),
        # A part that opens with its verb says a second thing of what the first part asks for.
        (
            "What giant silverware company was started as a religious Utopian group and was for many years run"
            " by Pierrepont Noyes?",
            [
                "What giant silverware company was started as a religious Utopian group?",
                "What giant silverware company was for many years run by Pierrepont Noyes?",
            ],
        ),
        (
            "Who agreed to sign the Social Charter and was exempt from the legislation?",
            ["Who agreed to sign the Social Charter?", "Who was exempt from the legislation?"],
        ),
        # A verb and only a name after it: the name is said of the first part's subject too.
        (
            "What prominent South African family distilled brandy and were Huguenots?",
            [
                "What prominent South African family distilled brandy?",
                "What prominent South African family were Huguenots?",
            ],
        ),
        # A verb phrase that no subject of the part before it takes says more of something inside that part:
        # the question stays whole rather than leave the fragment "have occurred throughout its history?".
        (
            "Which theory says that slow processes still occur, and have occurred throughout its history?",
            ["Which theory says that slow processes still occur, and have occurred throughout its history?"],
        ),
        # The first part's subject after a past tense that does not end in -ed too.
        ("Which team won the cup and was Brazilian?", ["Which team won the cup?", "Which team was Brazilian?"]),
        # ... not when the later part has a subject of its own.
        ("What plan includes SSO and is Lumen free?", ["What plan includes SSO?", "is Lumen free?"]),
        (
            "Which plan includes SSO, and is there a student discount?",
            ["Which plan includes SSO?", "is there a student discount?"],
        ),
        # "A and B are ..." splits; a question that opens with its question word does not.
        ("What do X.25 and Frame Relay both require?", ["What do X.25 and Frame Relay both require?"]),
        # Nor is a determiner and a few words before "who ...".
        (
            "This Celtic ruler who was born in AD 43 ruled southeastern Britain prior to conquest by which empire?",
            ["This Celtic ruler who was born in AD 43 ruled southeastern Britain prior to conquest by which empire?"],
        ),
        # A prepositional frame before "who ..." is no statement of its own.
        (
            "Besides Alexandre Yersin, who was another scientist that visited Hong Kong in 1894?",
            ["Besides Alexandre Yersin, who was another scientist that visited Hong Kong in 1894?"],
        ),
        # An abbreviation before a name ends no sentence.
        ("When was the St. Bartholomew's Day Massacre?", ["When was the St. Bartholomew's Day Massacre?"]),
        (
            "Which Spanish officer established the settlement at St. Augustine?",
            ["Which Spanish officer established the settlement at St. Augustine?"],
        ),
        (
            "What did the Court of Justice say that Mr. Steymann was not entitled to do?",
            ["What did the Court of Justice say that Mr. Steymann was not entitled to do?"],
        ),
        ("We moved offices. How do I change the address?", ["We moved offices. How do I change the address?"]),
        # A request opens asking as a question does.
        (
            "Tell me how to rotate a key and how many keys a project can have.",
            ["Tell me how to rotate a key", "how many keys a project can have."],
        ),
        (
            "Which of Jonny Craig and Pete Doherty has been a member of more bands?",
            [
                "Which of Jonny Craig has been a member of more bands?",
                "Which of Pete Doherty has been a member of more bands?",
            ],
        ),
        (
            "Which magazine was started first, Arthur's Magazine or First for Women?",
            [
                "Which magazine was started first: Arthur's Magazine?",
                "Which magazine was started first: First for Women?",
            ],
        ),
        (
            "Which plan is cheapest, Starter, Team or Business?",
            ["Which plan is cheapest: Starter?", "Which plan is cheapest: Team?", "Which plan is cheapest: Business?"],
        ),
        (
            "In which year was it founded, 2019 or 2020?",
            ["In which year was it founded: 2019?", "In which year was it founded: 2020?"],
        ),
        # A list that is the question itself, not alternatives after a question that asks which: one claim
        # (it had been "Are ctenophores predators: vegetarian?" and "...: parasitic?").
        (
            "Are ctenophores predators, vegetarian or parasitic?",
            ["Are ctenophores predators, vegetarian or parasitic?"],
        ),
        (
            "When rocks lie on top of a fault, then they must be older or younger than the fault?",
            ["When rocks lie on top of a fault, then they must be older or younger than the fault?"],
        ),
        (
            "Woman's Era and Naj are what kind of magazines?",
            ["Woman's Era is what kind of magazines?", "Naj is what kind of magazines?"],
        ),
        # Each part is said of one of the pair: no "both", a singular verb, "the same X" asked as "what X".
        (
            "Eric Ambler and Carol Shields are both best known for what profession?",
            ["Eric Ambler is best known for what profession?", "Carol Shields is best known for what profession?"],
        ),
        (
            "Are both Coldplay and Pierre Bouvier from the same country?",
            ["What country is Coldplay from?", "What country is Pierre Bouvier from?"],
        ),
        (
            "Were both Ada Lovelace and Alan Turing born in the same city?",
            ["What city was Ada Lovelace born in?", "What city was Alan Turing born in?"],
        ),
        (
            "Are both Mayo Clinic and Cleveland Clinic in Ohio?",
            ["Is Mayo Clinic in Ohio?", "Is Cleveland Clinic in Ohio?"],
        ),
        # A shared head noun is not a pair of names: splitting it would drop words from one part.
        (
            "Are both Slack and Zapier integrations available on the Free plan?",
            ["Are both Slack and Zapier integrations available on the Free plan?"],
        ),
        (
            "VIVA Media AG changed its name in 2004. What does their new acronym stand for?",
            ["VIVA Media AG changed its name in 2004.", "What does their new acronym stand for?"],
        ),
        (
            "The Rome Protocols were signed by three Prime Ministers one of which was assassinated as part of what?",
            [
                "The Rome Protocols were signed by three Prime Ministers",
                "one of which was assassinated as part of what?",
            ],
        ),
        (
            "Kenneth L. Gile is the COO of an airline based at what airport?",
            ["Kenneth L. Gile is the COO of an airline based at what airport?"],
        ),
        ("Can I pay by invoice?", ["Can I pay by invoice?"]),
        # What the asker says of themself is the situation of the question, not a fact to establish.
        # A greeting or thanks is no part of the question; a greeting before the situation leaves it the situation.
        ("Hi team! How do I rotate an API key? Thanks in advance.", ["How do I rotate an API key?"]),
        ("Hey there, is SSO on the Growth plan?", ["Is SSO on the Growth plan?"]),
        (
            "Hi, we're on Growth and our events stopped showing up. What should we check?",
            ["We're on Growth and our events stopped showing up. What should we check?"],
        ),
        ("Good morning. I lost my 2FA device. How do I get back in?", ["I lost my 2FA device. How do I get back in?"]),
        ("Hi", ["Hi"]),  # nothing else asked: the message is the question
        ("Best practices for API keys?", ["Best practices for API keys?"]),
        # So is what the asker tells of someone at their workplace, or of a thing of theirs with no name in it
        # when the question speaks as the asker.
        (
            "A colleague left a file locked and their laptop went to sleep. After how long does the lock expire?",
            ["A colleague left a file locked and their laptop went to sleep. After how long does the lock expire?"],
        ),
        (
            "A customer's restore job has shown no progress for about 7 hours. Which PagerDuty service do I page?",
            ["A customer's restore job has shown no progress for about 7 hours. Which PagerDuty service do I page?"],
        ),
        (
            "Someone uploaded a file with personal data by mistake. Who can remove it permanently?",
            ["Someone uploaded a file with personal data by mistake. Who can remove it permanently?"],
        ),
        (
            "Malware messed up a whole project folder. Which plans let me rewind a folder?",
            ["Malware messed up a whole project folder. Which plans let me rewind a folder?"],
        ),
        # A statement of a fact is a claim of its own: it names something, or asks nothing as the asker, or
        # tells of a role of something named.
        (
            "VIVA Media AG changed its name in 2004. What does their new acronym stand for?",
            ["VIVA Media AG changed its name in 2004.", "What does their new acronym stand for?"],
        ),
        (
            "Some species of beroe have a pair of strips of adhesive cells. What does it do?",
            ["Some species of beroe have a pair of strips of adhesive cells.", "What does it do?"],
        ),
        (
            "A member of the band was born in Zanzibar. Where did he go to school?",
            ["A member of the band was born in Zanzibar.", "Where did he go to school?"],
        ),
        # A role alone is someone only in the plural or as a possessive: "Owner is ..." defines a role.
        (
            "Owner is the highest role. Who else can delete a workspace?",
            ["Owner is the highest role.", "Who else can delete a workspace?"],
        ),
        (
            "Users can't log in since this morning. What should I check?",
            ["Users can't log in since this morning. What should I check?"],
        ),
        (
            "I deleted our workspace by accident yesterday. Can it be recovered?",
            ["I deleted our workspace by accident yesterday. Can it be recovered?"],
        ),
        (
            "We use SSO. What role do new members get, and can they export data?",
            ["We use SSO. What role do new members get?", "can new members export data?"],
        ),
        ("I can't log in after the update.", ["I can't log in after the update."]),
        # Said after the question, the asker's situation stays with it too.
        ("How do I reset my password? I use SSO.", ["How do I reset my password? I use SSO."]),
        (
            "What profession does John Lanchester and Alan Dean Foster have in common?",
            [
                "What profession does John Lanchester have?",
                "What profession does Alan Dean Foster have?",
            ],
        ),
        (
            "What do Python, Java, and Go have in common?",
            ["What does Python have?", "What does Java have?", "What does Go have?"],
        ),
        # A shared head noun ("the Free and Growth plans") or a lowercase list is not a list of names.
        ("What do the Free and Growth plans have in common?", ["What do the Free and Growth plans have in common?"]),
        (
            "What do Slack and Teams integrations have in common?",
            ["What do Slack and Teams integrations have in common?"],
        ),
        ("What do all these models not have in common?", ["What do all these models not have in common?"]),
        # A later part whose subject is a pronoun for what the part before it asks about says what it is.
        (
            "Who can invite members, and can they export data?",
            ["Who can invite members?", "can those who can invite members export data?"],
        ),
        (
            "What plan includes SSO, and how much does it cost?",
            ["What plan includes SSO?", "how much does the plan that includes SSO cost?"],
        ),
        # "Which config file does the linter read": the thing asked for is what the subject acts on, and a
        # pronoun after it may stand for either; it stays as the asker wrote it (never "the config that
        # file does ...").
        (
            "Which config file does the linter read, and where does it look for it?",
            ["Which config file does the linter read?", "where does it look for it?"],
        ),
        (
            "Which lock file does the installer write, and what permissions does it give the cache folder?",
            ["Which lock file does the installer write?", "what permissions does it give the cache folder?"],
        ),
        (
            "What log level does the agent use, and can it be changed?",
            ["What log level does the agent use?", "can it be changed?"],
        ),
        (
            "What file does the CLI write, and where is it stored?",
            ["What file does the CLI write?", "where is it stored?"],
        ),
        (
            "What is the Growth plan and how much does it cost?",
            ["What is the Growth plan?", "how much does the Growth plan cost?"],
        ),
        (
            "Who is the account owner, and can they delete the workspace?",
            ["Who is the account owner?", "can the account owner delete the workspace?"],
        ),
        (
            "Who founded Lumen and when did he leave?",
            ["Who founded Lumen?", "when did the one who founded Lumen leave?"],
        ),
        # Otherwise "it" or "they" is the one thing of its number that the part before is about: what the asker
        # (or "who") acts on, the subject of a part with no object, or of a name and what it acts on the one
        # of the pronoun's number.
        (
            "How do I invite members, and can they export data?",
            ["How do I invite members?", "can members export data?"],
        ),
        (
            "How do I create an API key, and where do I store it?",
            ["How do I create an API key?", "where do I store an API key?"],
        ),
        (
            "Who can delete a workspace and can it be restored afterwards?",
            ["Who can delete a workspace?", "can a workspace be restored afterwards?"],
        ),
        (
            "Where are backups stored and how often are they taken?",
            ["Where are backups stored?", "how often are backups taken?"],
        ),
        ("What does error E309 mean and how do I fix it?", ["What does error E309 mean?", "how do I fix error E309?"]),
        (
            "How much does add-on storage cost and can Starter buy it?",
            ["How much does add-on storage cost?", "can Starter buy add-on storage?"],
        ),
        (
            "How long does Lumen keep raw events, and which file formats can I export them in?",
            ["How long does Lumen keep raw events?", "which file formats can I export raw events in?"],
        ),
        ("How many seats can I add, and what do they cost?", ["How many seats can I add?", "what do seats cost?"]),
        ("What is Rewind and which plans have it?", ["What is Rewind?", "which plans have Rewind?"]),
        # An "it" asked about as a doing is the doing the part before asks how to do.
        (
            "How do I rotate a key and how long does it take?",
            ["How do I rotate a key?", "how long does rotating a key take?"],
        ),
        (
            "How do I delete a project and can I undo it?",
            ["How do I delete a project?", "can I undo deleting a project?"],
        ),
        (
            "How do I set up SSO and how long does it take?",
            ["How do I set up SSO?", "how long does setting up SSO take?"],
        ),
        ("When do backups run and how long does it take?", ["When do backups run?", "how long does it take?"]),
        # A doing is one thing: "they" is still what the part before is about.
        (
            "Where are backups kept and how long do they take to restore?",
            ["Where are backups kept?", "how long do backups take to restore?"],
        ),
        # Also in the question after, and after a comma that ends a whole question before another.
        (
            "How do I create an API key? Where should I store it?",
            ["How do I create an API key?", "Where should I store an API key?"],
        ),
        (
            "What are webhooks, how do I set them up, and what events do they send?",
            ["What are webhooks?", "how do I set webhooks up?", "what events do webhooks send?"],
        ),
        # Nothing asked names the pronoun, or two things could be it: left as it is.
        (
            "Does the desktop app support Linux, and how do I install it?",
            ["Does the desktop app support Linux?", "how do I install it?"],
        ),
        (
            "Does the API have a rate limit? What happens when I exceed it?",
            ["Does the API have a rate limit?", "What happens when I exceed it?"],
        ),
        ("Who did Obama marry and where was she born?", ["Who did Obama marry?", "where was she born?"]),
        # A comma after a clause that sets the scene, or inside a question, splits nothing.
        (
            "When a commission reached no decision, what happened?",
            ["When a commission reached no decision, what happened?"],
        ),
        (
            "When imperialism does not impact social norms of a state, what is it called?",
            ["When imperialism does not impact social norms of a state, what is it called?"],
        ),
        (
            "What, along with admission, exhaust, and compression, is an event in the steam cycle?",
            ["What, along with admission, exhaust, and compression, is an event in the steam cycle?"],
        ),
        ("How do I invite members, and can I remove it?", ["How do I invite members?", "can I remove it?"]),
        # An object "it" is named as a subject is; a dummy subject "it" is not.
        (
            "What is the Growth plan, and can I pay for it yearly?",
            ["What is the Growth plan?", "can I pay for the Growth plan yearly?"],
        ),
        (
            "What is the REST API rate limit, and what happens when I exceed it?",
            ["What is the REST API rate limit?", "what happens when I exceed the REST API rate limit?"],
        ),
        (
            "What plan includes SSO, and can I try it for free?",
            ["What plan includes SSO?", "can I try the plan that includes SSO for free?"],
        ),
        (
            "What is the Growth plan, and is it possible to pay yearly?",
            ["What is the Growth plan?", "is it possible to pay yearly?"],
        ),
        # An object "one" at the end is one of what the part before asks about, or of its plural.
        (
            "When do personal access tokens expire by default, and what is the longest lifetime I can give one?",
            [
                "When do personal access tokens expire by default?",
                "what is the longest lifetime I can give a personal access token?",
            ],
        ),
        ("What is an API key, and how do I create one?", ["What is an API key?", "how do I create an API key?"]),
        ("What are share links, and how do I make one?", ["What are share links?", "how do I make a share link?"]),
        (
            "What plan includes SSO, and how do I get one?",
            ["What plan includes SSO?", "how do I get a plan that includes SSO?"],
        ),
        ("Can I use webhooks, and how do I add one?", ["Can I use webhooks?", "how do I add a webhook?"]),
        (
            "How many projects can I have, and how do I delete one?",
            ["How many projects can I have?", "how do I delete a project?"],
        ),
        # Not an object at the end, or nothing plural to be one of: left as it is.
        ("What is a workspace and can I have more than one?", ["What is a workspace?", "can I have more than one?"]),
        ("How do I rotate a key, and which one is active?", ["How do I rotate a key?", "which one is active?"]),
        ("How do I rotate my key, and can I create one?", ["How do I rotate my key?", "can I create one?"]),
        # A second question may open with a preposition before its question word, when a verb of its own
        # follows; "and for how long?" asks more of the question before it.
        (
            "How do I export my data, and in what format is it delivered?",
            ["How do I export my data?", "in what format is it delivered?"],
        ),
        (
            "Which browsers are supported, and since which release can the app run offline?",
            ["Which browsers are supported?", "since which release can the app run offline?"],
        ),
        (
            "How many seats do we have and to whom are invoices sent?",
            ["How many seats do we have?", "to whom are invoices sent?"],
        ),
        ("Can I pause my plan, and for how long?", ["Can I pause my plan, and for how long?"]),
        # A statement that speaks of the asker anywhere in it is their situation, not a part to establish;
        # a request that speaks of them ("Tell me ...") still asks.
        (
            "Support asked me to send the crash report. Where is it saved?",
            ["Support asked me to send the crash report. Where is it saved?"],
        ),
        (
            "The new security policy makes us rotate keys every month. How do I rotate one?",
            ["The new security policy makes us rotate keys every month. How do I rotate one?"],
        ),
        (
            "Yesterday my laptop was stolen. Can I sign it out remotely?",
            ["Yesterday my laptop was stolen. Can I sign it out remotely?"],
        ),
        ("The US office uses SSO. Which plan includes it?", ["The US office uses SSO.", "Which plan includes it?"]),
        # A later part that says "they" (or "it") where the first part does speaks of what the situation
        # names: it is read in that situation too.
        (
            "Support asked me to send the crash dumps. Where are they saved, and how long are they kept?",
            [
                "Support asked me to send the crash dumps. Where are they saved?",
                "Support asked me to send the crash dumps. How long are they kept?",
            ],
        ),
        (
            "I use the desktop app at work. Is it free, and does it work offline?",
            ["I use the desktop app at work. Is it free?", "I use the desktop app at work. Does it work offline?"],
        ),
        (
            "My accountant wants our receipts. Where are they kept, and can I export my invoices?",
            ["My accountant wants our receipts. Where are they kept?", "can I export my invoices?"],
        ),
        # "How much is X" names X for a later "one" or "it", as "What is X" does.
        (
            "How much is a day pass, and what does a student pay for one?",
            ["How much is a day pass?", "what does a student pay for a day pass?"],
        ),
        (
            "How long is the free trial, and can I extend it?",
            ["How long is the free trial?", "can I extend the free trial?"],
        ),
        (
            "How big is the upload limit, and can admins raise it?",
            ["How big is the upload limit?", "can admins raise the upload limit?"],
        ),
        # A preface before a colon frames the question: read as the asker's situation, and what follows is
        # split as a question of its own.
        (
            "Thinking about a pilot first: how many seats does the trial include, and do I need a card?",
            ["Thinking about a pilot first: How many seats does the trial include?", "do I need a card?"],
        ),
        ("Quick question: how do I rotate an API key?", ["Quick question: How do I rotate an API key?"]),
        ("The ratio is 3:2. What does it mean?", ["The ratio is 3:2.", "What does it mean?"]),
        # A later question that names nothing of its own, or points back with a bare "that" or "this", is
        # read with the question before it; "that" before what it names leaves a question of its own.
        (
            "Does the sync client retry failed uploads? What happens to the file after that?",
            ["Does the sync client retry failed uploads? What happens to the file after that?"],
        ),
        (
            "Can admins require a passcode on phones? Where do I turn that on?",
            ["Can admins require a passcode on phones? Where do I turn that on?"],
        ),
        ("Which reports are emailed, and how often?", ["Which reports are emailed? How often?"]),
        ("Which plan has SSO? How much does that plan cost?", ["Which plan has SSO?", "How much does that plan cost?"]),
        (
            "Is there an export API? What happens to files that are deleted?",
            ["Is there an export API?", "What happens to files that are deleted?"],
        ),
    ],
)
def test_hand_written_questions(question: str, parts: list[str]) -> None:
    claims = decompose(question)
    assert [c.text for c in claims] == parts
    assert [c.id for c in claims] == [f"c{i}" for i in range(1, len(parts) + 1)]


def test_blank_question_has_no_claims() -> None:
    assert decompose("   ") == ()


def test_hotpot_two_hop_questions_mostly_split_and_comparisons_always_do() -> None:
    questions = {json.loads(line)["question"] for line in (DATA / "hotpot-a" / "cases.jsonl").open()}
    split = [q for q in questions if len(decompose(q)) >= 2]
    comparisons = [q for q in questions if " or " in q and q.rstrip(" ?").count(",") >= 1]
    assert all(len(decompose(q)) == 2 for q in comparisons)
    assert all(len(c.text.split()) >= 2 for q in questions for c in decompose(q))
    # Measured: 14 of 45 split into two claims (3 of them "What X do A and B have in common?"); bridges
    # without a relative clause or conjunction stay whole, as does "This Celtic ruler who was born ...".
    assert len(split) >= 14


@pytest.mark.parametrize(
    ("query", "keywords"),
    [
        ("billing", True),
        ("api keys", True),
        ("reset password.", True),
        ("Billing", True),
        ("SSO?", False),  # asks
        ("how to export", False),
        ("What is SSO", False),
        ("I'm locked out", False),  # the asker says something
        ("export data to a warehouse", False),  # longer than a few words
    ],
)
def test_a_few_words_that_ask_nothing_are_a_search(query: str, keywords: bool) -> None:
    assert is_keywords(query) is keywords


@pytest.mark.parametrize(
    "question",
    [
        # A list of alternatives was read with a pattern whose time doubled with each comma: 20 commas took
        # 1.4 s, 30 would take half an hour. Each of these now takes a few milliseconds.
        "What is X, " + "how do I do y, " * 300,
        "Which is it, " + "a b, " * 900 + "c or d?",
        "What is X and how " + "it " * 1300 + "?",
        "A colleague left. " * 220 + "What now?",
    ],
)
def test_a_long_question_of_many_parts_decomposes_at_once(question: str) -> None:
    question = question[:MAX_QUESTION_CHARS]
    started = time.perf_counter()
    claims = decompose(question)
    assert claims and time.perf_counter() - started < 2.0  # generous: exponential time would be hours


@pytest.mark.parametrize(
    ("question", "parts"),
    [
        (
            "How many guests can a member bring per month, and do guests need photo ID?",
            ["How many guests can a member bring per month?", "do guests need photo ID?"],
        ),
        (
            "How long is the loan period, and do renewals cost anything?",
            ["How long is the loan period?", "do renewals cost anything?"],
        ),
        # "does" before an object and a preposition is the second verb of the part before.
        (
            "Which company was founded in 1990 and does business in Ohio?",
            ["Which company was founded in 1990?", "Which company does business in Ohio?"],
        ),
    ],
)
def test_do_before_a_subject_and_its_verb_opens_a_question_of_its_own(question: str, parts: list[str]) -> None:
    assert [c.text for c in decompose(question)] == parts


@pytest.mark.parametrize(
    ("question", "second"),
    [
        ("What port does the broker use, and about how many clients can it hold?", "how many clients can"),
        ("Who approves refunds and typically when are they paid?", "when are"),
        ("Which regions host backups, and exactly how often are they taken?", "how often are"),
    ],
)
def test_a_hedge_before_the_second_question_word_still_asks_a_second_question(question: str, second: str) -> None:
    parts = [c.text for c in decompose(question)]
    assert len(parts) == 2, parts
    assert parts[1].lower().startswith(second)


def test_a_hedge_that_is_no_second_question_does_not_split() -> None:
    assert len(decompose("Is the limit roughly 10 GB and about what I'd expect?")) == 1
    assert len(decompose("Do lessons last about an hour?")) == 1


@pytest.mark.parametrize(
    ("question", "asked"),
    [
        (
            "I'm presenting to a client tomorrow. How long can notifications be paused?",
            "How long can notifications be paused?",
        ),
        ("My daughter just turned 12. Can she get her own account?", "Can she get her own account?"),
        ("How do I export a report? I'm on the Team plan.", "How do I export a report?"),
    ],
)
def test_what_is_asked_is_read_without_the_askers_story(question: str, asked: str) -> None:
    assert asked_part(question) == asked


@pytest.mark.parametrize(
    "question",
    ["How long can notifications be paused?", "Notifications: how long can they be paused?", "pause limit"],
)
def test_a_question_that_tells_nothing_is_asked_whole(question: str) -> None:
    assert asked_part(question) == question
