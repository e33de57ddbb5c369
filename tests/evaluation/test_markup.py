"""Raw markup in an answer: the page's syntax where a reader should see text; a fenced block kept as a block
is how an answer shows code and is not."""

from __future__ import annotations

import pytest

from answerable.evaluation.markup import Markup, raw_markup


@pytest.mark.parametrize(
    ("answer", "kinds"),
    [
        ("Run ```python import os; os.getcwd()``` in the shell. [p#1]", {Markup.FENCE}),
        ("The block starts with ``` and ends with ```.", {Markup.FENCE}),
        ("## Options\nThe default is 8080. [p#1]", {Markup.HEADING}),
        ("# Install", {Markup.HEADING}),
        ("See the section ## Options for the default.", {Markup.HEADING}),
        ('!!! note "Careful" Keys expire after 90 days.', {Markup.ADMONITION}),
        ('??? info "Streaming" Chunks are sent as produced.', {Markup.ADMONITION}),
        ("/// warning | Careful\nKeys expire.\n///", {Markup.ADMONITION}),
        (":::tip Keys expire after 90 days. :::", {Markup.ADMONITION}),
        ("The client: ::: lumen.client.Client options: heading_level: 3", {Markup.ADMONITION}),
        ("---\ntitle: Keys\n---\nKeys expire after 90 days.", {Markup.RULE}),
        ("Keys expire --- see the table |---|---| below.", {Markup.RULE}),
        ("Use :ref:`the builders <builders>` to pick one.", {Markup.ROLE}),
        ("Set :confval:`html_theme` in conf.py.", {Markup.ROLE}),
        ("The :py:func:`os.getcwd` function.", {Markup.ROLE}),
        (".. note:: Keys expire after 90 days.", {Markup.DIRECTIVE}),
        ("Keys expire after **90 days**.", {Markup.STRONG}),
        ("Keys expire after <strong>90 days</strong>.", {Markup.HTML}),
        ('Set <a href="x.html">the option</a>.', {Markup.HTML}),
        ("Use&nbsp;the default.", {Markup.HTML}),
        ("**Note:** :ref:`x` <br>", {Markup.STRONG, Markup.ROLE, Markup.HTML}),
        ("Write `code` then :ref:`the target` after it.", {Markup.ROLE}),
        ("``a`` and :doc:`b`", {Markup.ROLE}),
        # what a site's build replaces: an include stands for code the answer does not hold, even in a block
        ('We provide a base model:\n```py\n--8<-- "docs/src/models.py"\n```', {Markup.BUILD}),
        ("{* ../../docs_src/app/tutorial002.py hl[4] *}", {Markup.BUILD}),
        ("{!> ../../docs_src/settings.py !}", {Markup.BUILD}),
        ("Open :material-open-in-new: the example.", {Markup.BUILD}),
        ("Tokens last an hour.[^2]", {Markup.BUILD}),
        ("{% raw %}Use it in a template.{% endraw %}", {Markup.BUILD}),
        ('A {{< glossary_tooltip text="Pod" term_id="pod" >}} runs containers.', {Markup.BUILD}),
        ("{{% alert %}}Back up first.{{% /alert %}}", {Markup.BUILD}),
        ("The program:\n```rust\n{{#include ../listings/main.rs}}\n```", {Markup.BUILD}),
        ("{/* a comment for the editors */} Run it.", {Markup.BUILD}),
        ("Download the installer{ .md-button } and run it.", {Markup.BUILD}),
        # a link or image the page's parser did not read, left as written
        ("See the [install guide](install.md) first.", {Markup.LINK}),
        ('Read the [FAQ](https://example.com/faq "Questions") first.', {Markup.LINK}),
        ("![Diagram](img/arch.png) shows the flow.", {Markup.LINK}),
        # a block's closing fence with the next unit on its line: the fence is no longer a block
        (
            "An example:\n```\n.. automodule:: noodle\n``` [a#5] `autodoc_x`: If True, it is kept.",
            {Markup.FENCE, Markup.DIRECTIVE},
        ),
    ],
)
def test_raw_markup_is_named_by_kind(answer: str, kinds: set[Markup]) -> None:
    assert set(raw_markup(answer)) == kinds


@pytest.mark.parametrize(
    "answer",
    [
        None,
        "",
        "Keys expire after 90 days. [acme-keys#2]",
        "Run this:\n```bash\nsphinx-build -M html docs build\n```",
        # the engine's citation markers after a quoted block's closing fence
        "An example:\n```\nSee :download:`this script <../example.py>`.\n``` [usage/roles#9]",
        "Set it in conf.py:\n```python\nhtml_theme = 'alabaster'  # **not** markup inside a block\n```\nThen build.",
        "Run `pg_dump dbname > dumpfile` to dump a database.",
        "Use `**kwargs` or `--- separator` in inline code.",
        "Write `[text](url)` for a link and `{% raw %}` in a Jekyll template.",
        'Hugo writes `{{< ref "install.md" >}}` for a link to a page.',
        "Options [-v] (verbose) and [--quiet] are optional.",
        "A set {1, 2} and a dict {'a': 1} in prose, and `{ .class }` in code.",
        "A list of scissors marks: `--8<--` in inline code is shown as code.",
        "Press Ctrl+C to stop; `x[^a]` is a regular expression in code.",
        "For HTML, give a `:numbered:` option to the `toctree` directive. [faq#1]",
        "| Name | Description |\n|---|---|\n| `text` | variable unlimited length | [datatype-character#0]",
        "| a | b |\n| :--- | ---: |\n| 1 | 2 |",
        "sphinx-build -M <builder> <sourcedir> <outputdir> [options]",
        "Issue #42 is fixed; C# and F# are languages.",
        # a code span opened by two backticks may hold backticks: a role shown as literal text
        "Write `` :issue:`123` `` to link the issue. [usage/extlinks#1]",
        "As usual: `` :numref:`Fig. %s <my-figure>` ``, then the caption. [roles#11]",
        "The value is 10 -- 20 ms.",
        "The range is 1 - 100 and x < 5 > 3.",
        "Open file:///tmp/report.html or http://example.com/a//b; the time is 10:30::00 in the log.",
        "Is it ready? Yes. Really?? Maybe.",
    ],
)
def test_text_and_code_kept_as_blocks_are_not_raw_markup(answer: str | None) -> None:
    assert raw_markup(answer) == ()
