"""Re-verifying a draft: a verbatim quote is whole sentences of what it cites, never a fragment."""

from __future__ import annotations

from answerable.core.types import Draft, DraftSentence
from answerable.engine.cite import quoted, table_excerpt, verify_draft
from answerable.text.units import sentences_of

MYTHS = (
    "A common myth is that Lumen API keys expire after 90 days. That is false: keys never expire.\n"
    "- Rotate keys yearly.\n"
    "## Limits\n"
    "Each project may hold 10 active keys."
)


def test_whole_sentences_are_quoted_and_fragments_are_not():
    for whole in (
        "A common myth is that Lumen API keys expire after 90 days.",
        "that is FALSE:   keys never expire.",  # case and spacing aside
        "A common myth is that Lumen API keys expire after 90 days. That is false: keys never expire.",
        "Rotate keys yearly.",  # a list item's marker quoted or not
        "- Rotate keys yearly.",
    ):
        assert quoted(whole, MYTHS), whole
    for fragment in (
        "Lumen API keys expire after 90 days.",  # the opposite of what the page says
        "keys never expire.",
        "Each project may hold 10 active",
        "Keys expire after 90 days.",  # not in the page at all
    ):
        assert not quoted(fragment, MYTHS), fragment


def test_a_fragment_is_left_to_the_entailment_model():
    draft = Draft((DraftSentence("Lumen API keys expire after 90 days.", ("p#0",)),))
    assert verify_draft(draft, {"p#0": MYTHS}).sentences[0].support == 0.0
    judged = verify_draft(draft, {"p#0": MYTHS}, lambda sentence, text: 0.2)
    assert judged.sentences[0].support == 0.2
    whole = Draft((DraftSentence("That is false: keys never expire.", ("p#0",)),))
    assert verify_draft(whole, {"p#0": MYTHS}, lambda sentence, text: 0.2).sentences[0].support == 1.0


SLA = (
    "If monthly uptime falls below the commitment, Enterprise customers receive a service credit on the next\n"
    "invoice:\n"
    "| Monthly uptime | Credit |\n"
    "|---|---|\n"
    "| below 99.0% | 25% of the monthly fee |\n"
    "To claim a credit, the workspace Owner contacts support within 30 days after the end of the affected\n"
    "month."
)


def test_a_table_is_one_unit_apart_from_the_prose_around_it():
    """Joined to the prose, the table was part of the sentence before and the one after it."""
    assert sentences_of(SLA) == (
        "If monthly uptime falls below the commitment, Enterprise customers receive a service credit on the next "
        "invoice:",
        "| Monthly uptime | Credit |\n|---|---|\n| below 99.0% | 25% of the monthly fee |",
        "To claim a credit, the workspace Owner contacts support within 30 days after the end of the affected month.",
    )
    assert quoted(
        "To claim a credit, the workspace Owner contacts support within 30 days after the end of the affected month.",
        SLA,
    )
    assert quoted("| Monthly uptime | Credit | |---|---| | below 99.0% | 25% of the monthly fee |", SLA)
    assert not quoted("| below 99.0% | 25% of the monthly fee |", SLA)  # a row without its header
    # Prose alone splits as before.
    assert sentences_of("Keys rotate.\nThey last a year.") == ("Keys rotate.", "They last a year.")


def test_a_code_block_is_one_unit_kept_with_the_sentence_that_introduces_it():
    """Joined into the prose, the sentence after the code was quoted after the dependency's code."""
    android = (
        "Add the dependency to your module's `build.gradle.kts`:\n```kotlin\n"
        'implementation("com.lumen:lumen-android:4.2.0")\n```\n'
        "The SDK needs the `INTERNET` permission, which the library manifest already declares."
    )
    install, permission = sentences_of(android)
    assert install.startswith("Add the dependency") and install.endswith('4.2.0")\n```')
    assert permission == "The SDK needs the `INTERNET` permission, which the library manifest already declares."
    assert quoted(permission, android) and quoted(install, android)
    # A line of code that opens with a bar is no table row; a block after a full stop stands alone.
    piped = "Filter the log.\n~~~\n| grep error\n~~~\nThen read it."
    assert sentences_of(piped) == ("Filter the log.", "~~~\n| grep error\n~~~", "Then read it.")


HOLD = (
    "Legal hold is available on Enterprise only.\n\nTo place a hold:\n\n"
    "1. Open **Admin console > Data > Legal holds**.\n2. Select the members or team folders to include.\n"
    "3. Give the hold a name and a matter\n   reference. Then save.\n\n"
    "Only the Owner can lift holds.\n- Holds never expire\n- Members are not told"
)


def test_each_item_of_a_list_is_one_unit() -> None:
    """An item is one thing the list says, its wrapped lines and sentences with it; items without a full
    stop are not run together, nor into the prose around them."""
    assert sentences_of(HOLD) == (
        "Legal hold is available on Enterprise only.",
        "To place a hold:",
        "1. Open **Admin console > Data > Legal holds**.",
        "2. Select the members or team folders to include.",
        "3. Give the hold a name and a matter reference. Then save.",
        "Only the Owner can lift holds.",
        "- Holds never expire",
        "- Members are not told",
    )
    assert quoted("Give the hold a name and a matter reference. Then save.", HOLD)
    assert quoted("To place a hold:", HOLD) and quoted("Open **Admin console > Data > Legal holds**.", HOLD)


PLANS = (
    "Versions are kept by plan.\n\n| Plan | Version history |\n|---|---|\n| Starter | 30 days |\n"
    "| Business | 180 days |\n| Enterprise | 365 days |\n\nUp to 250 versions are kept."
)


def test_a_tables_header_with_some_of_its_rows_is_quoted() -> None:
    assert table_excerpt("| Plan | Version history |\n| Business | 180 days |", PLANS)
    assert table_excerpt("| Plan | Version history |\n| Starter | 30 days |\n| Enterprise | 365 days |", PLANS)
    assert not table_excerpt("| Business | 180 days |", PLANS)  # a row without its header
    assert not table_excerpt("| Plan | Version history |\n| Business | 90 days |", PLANS)  # a row it lacks
    assert not table_excerpt("| Plan | Version history |\n| Enterprise | 365 days |\n| Starter | 30 days |", PLANS)
    draft = Draft((DraftSentence("| Plan | Version history |\n| Business | 180 days |", ("p#0",)),))
    assert verify_draft(draft, {"p#0": PLANS}).sentences[0].support == 1.0
