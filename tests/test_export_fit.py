"""Text fitting for cards: measured widths, wrapping, shrinking and cutting."""

from __future__ import annotations

import pytest

from designer.export.fit import ELLIPSIS, PT, Run, fit, fit_size, pdf_safe, truncate, width


def test_widths_are_helvetica_metrics():
    # the embedded Arimo has Helvetica's widths: 'W' is 944/1000 em, '1' is 556; bold 'W'
    # is 944 too, bold 'i' 278
    assert width("W", "", 10) == pytest.approx(9.44 * PT)
    assert width("11", "", 10) == pytest.approx(11.12 * PT)
    assert width("i", "B", 10) == pytest.approx(2.78 * PT)
    assert width("\u2013", "", 10) == pytest.approx(5.56 * PT)
    # the CJK font's ideographs are one em wide
    assert width("火の魔術師", "B", 10) == pytest.approx(50 * PT)


def test_pdf_safe_keeps_every_letter_and_drops_control_characters():
    assert pdf_safe("Šaman “x” – ×") == "Šaman “x” – ×"
    assert pdf_safe("Ōni 鬼 −1 → ≤") == "Ōni 鬼 −1 → ≤"
    assert pdf_safe("a\nb\tc\x1b") == "a b c "
    assert pdf_safe("e\u0301 x\u200dy\ufe0f\u00ad") == "é xy"  # composed; invisibles out


def test_fit_size_and_truncate():
    assert fit_size("Hi", "B", 50, 12, 6) == 12
    size = fit_size("A rather long name indeed", "B", 30, 12, 6)
    assert 6 <= size < 12 and width("A rather long name indeed", "B", size) <= 30
    cut = truncate("A rather long name indeed", "B", 12, 20)
    assert cut.endswith(ELLIPSIS) and width(cut, "B", 12) <= 20


def test_fit_wraps_and_keeps_styles_apart():
    paras = [[Run("Stealth 2", "B"), Run(": "), Run("If you are in cover " * 4)]]
    fitted = fit(paras, 40, 30, largest=8, smallest=5)
    assert not fitted.truncated and fitted.size == 8
    first = fitted.lines[0]
    assert first[0].text == "Stealth 2" and first[0].style == "B" and first[0].x == 0
    assert first[1].text.startswith(":") and first[1].style == ""
    for line in fitted.lines:
        last = line[-1]
        assert last.x + width(last.text, last.style, fitted.size) <= 40 + 1e-6
    assert fitted.height(1.2, 0.35) <= 30


def test_fit_shrinks_before_it_cuts_and_cuts_visibly():
    text = [[Run("word " * 60)]]
    roomy = fit(text, 50, 40, largest=8, smallest=4)
    tight = fit(text, 50, 12, largest=8, smallest=4)
    assert not roomy.truncated and not tight.truncated
    assert tight.size < roomy.size
    assert tight.height(1.2, 0.35) <= 12
    cut = fit(text, 50, 6, largest=8, smallest=4)
    assert cut.truncated and cut.size == 4
    assert cut.lines[-1][-1].text.endswith(ELLIPSIS)
    assert cut.height(1.2, 0.35) <= 6


def test_a_word_wider_than_the_box_is_broken():
    fitted = fit([[Run("x" * 200)]], 20, 80, largest=8, smallest=8)
    assert len(fitted.lines) > 1
    for line in fitted.lines:
        assert width(line[0].text, "", 8) <= 20 + 1e-6
    assert "".join(line[0].text for line in fitted.lines) == "x" * 200
