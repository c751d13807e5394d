"""Frozen attrs values built without their ``__init__`` (gargon_notation.values)."""

from __future__ import annotations

import pickle
from typing import Any

import attrs
import pytest

from gargon_notation.cards import Card, Colour
from gargon_notation.engine import Choose, Draw, Pass, Play
from gargon_notation.engine.scoring import ColourScore
from gargon_notation.notation.model import Battle, PassDraw
from gargon_notation.notation.model import Play as WrittenPlay
from gargon_notation.values import unchecked_maker

R9, Y2 = Card.parse("R9"), Card.parse("Y2")


@pytest.mark.parametrize(
    "value",
    [
        Play(2, (R9, Y2)),
        Pass(1, (1, 2), (None, R9)),
        Choose(0, Colour.RED),
        Draw(3, None),
        ColourScore(Colour.BLUE, 3, 1, 7, 2, 10),
        WrittenPlay("Adam", (R9,), glyph="!", nags=(1,), line=4, column=9),
        PassDraw(2, Y2, line=3, column=12),
        Battle(Colour.GREEN, (), winners=("Adam", None), line=5, column=12),
    ],
)
def test_a_made_value_is_the_value_its_init_makes(value: object) -> None:
    cls: Any = type(value)
    fields = [getattr(value, field.name) for field in attrs.fields(cls)]
    made = unchecked_maker(cls)(*fields)
    assert type(made) is cls
    assert made == value and hash(made) == hash(value) and repr(made) == repr(value)
    assert [getattr(made, f.name) for f in attrs.fields(cls)] == fields  # line, column too
    assert pickle.loads(pickle.dumps(made)) == value
    first = attrs.fields(cls)[0].name
    with pytest.raises(attrs.exceptions.FrozenInstanceError):
        setattr(made, first, getattr(value, first))


@pytest.mark.parametrize("names", [("x", "new"), ("made", "x"), ("cls",), ("make",), ("unfrozen",)])
def test_a_field_named_as_the_maker_s_own_names_is_refused(names: tuple[str, ...]) -> None:
    clash = attrs.make_class("Clash", list(names), frozen=True, slots=True)
    with pytest.raises(TypeError, match="a field name the maker uses itself"):
        unchecked_maker(clash)


def test_fields_named_like_the_slots_of_other_fields_are_made_as_given() -> None:
    odd: Any = attrs.make_class("Odd", ["x", "set_x", "y_"], frozen=True, slots=True)
    made = unchecked_maker(odd)(1, 2, 3)
    assert type(made) is odd and made == odd(1, 2, 3) and repr(made) == "Odd(x=1, set_x=2, y_=3)"


def test_validators_and_setattr_hooks_are_not_run_and_stay_in_force() -> None:
    @attrs.define
    class Checked:
        x: int = attrs.field(validator=attrs.validators.gt(0))

    made = unchecked_maker(Checked)(-1)  # the caller vouches for its values
    assert type(made) is Checked and made.x == -1
    with pytest.raises(ValueError):
        made.x = -2  # the class's own hooks still hold for later changes


def test_a_class_without_slots_has_no_maker() -> None:
    @attrs.frozen(slots=False)
    class Loose:
        x: int

    with pytest.raises(TypeError, match=r"Loose\.x is not a slot"):
        unchecked_maker(Loose)


def test_a_class_that_caches_its_hash_has_no_maker() -> None:
    @attrs.frozen(cache_hash=True)
    class Hashed:
        x: int

    with pytest.raises(TypeError, match="Hashed caches its hash"):
        unchecked_maker(Hashed)
