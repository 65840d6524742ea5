"""Action value objects of Deep Space D-6 and their notation.

Faces are written ``com tac med sci eng thr`` (Commander, Tactical, Medical, Science,
Engineering, Threat); in rolls they are the converter's pips 1-6 in that order (§4.2). A card in
play is named by its id from the rules reference's deck table (``e1`` ... ``e23``, ``i1`` ...
``i11``), with ``a``/``b`` for the two copies of a card printed twice (``e18a``, ``e23b``).

Decisions (step 3, assigning crew)::

    change:F,T       Commander: change another unassigned die from face F to face T (R19)
    reroll           Commander: re-roll every other unassigned die (R20)
    fire:N           Tactical: N dice together, 2N-1 damage (R7); then ``hit``/``stop``
    hit:CARD         put one point of the current volley on an external threat (R22)
    stop             let the rest of the volley go (R22)
    free             Medical: every die in the Infirmary to Returned (R6)
    release          Medical: one Threat die from the scanners to Returned (R6)
    shields          Science: recharge the shields to 4
    stasis:CARD      Science: Stasis Beam on an external threat (R11, R34)
    repair:N         Engineering: N dice together, 2N-1 hull (R7)
    mission:CARD,F   lock an unassigned die of face F onto the card's away mission
    end              end step 3

Other decisions::

    send:D           the crew die D (1-6) goes to the Infirmary (R5, R36)
    distract:D       the crew die D goes onto Distracted's "?" box (R12)
    recall:D         step 6: take the mission die D back into the pool (R26)
    done             step 6: leave the other mission dice where they are

Chance outcomes::

    roll:P,P,...     the crew roll (or a Commander's re-roll) as a multiset of pips, ascending
    threat:N         the threat die
    draw:ID          the threat card drawn (``draw:dp`` for Don't Panic)

A threat in play is one **instance** of its card: ``key = 2 * card.index + copy`` (copy 0 or 1);
the tables below are indexed by that key, so that a legal action is a lookup, never built.
"""

from __future__ import annotations

from typing import Final

from solotable.core.action import Action

from .data import FACES, data

D = data()

END: Final = Action("end")
REROLL: Final = Action("reroll")
STOP: Final = Action("stop")
FREE: Final = Action("free")
RELEASE: Final = Action("release")
SHIELDS: Final = Action("shields")
DONE: Final = Action("done")

N_INST: Final = 2 * len(D.cards)
"""Instance keys: card index * 2 + copy (0 or 1)."""


def _inst_name(key: int) -> str:
    card = D.cards[key // 2]
    return card.id + ("ab"[key % 2] if card.copies > 1 else "")


INST_NAMES: Final[tuple[str, ...]] = tuple(_inst_name(k) for k in range(N_INST))
"""The notation of each instance (``e18a``)."""
INST_OF: Final[dict[str, int]] = {
    name: k for k, name in enumerate(INST_NAMES) if k % 2 == 0 or D.cards[k // 2].copies > 1
}
"""An instance's key from its notation."""

CHANGE: Final = tuple(tuple(Action("change", FACES[f], FACES[t]) for t in range(6)) for f in range(6))
CHANGE_FROM: Final = tuple(tuple(CHANGE[f][t] for t in range(6) if t != f) for f in range(6))
"""The Commander's changes of a die showing face f, in the order of the faces."""
FIRE: Final = tuple(Action("fire", n) for n in range(7))
REPAIR: Final = tuple(Action("repair", n) for n in range(7))
HIT: Final = tuple(Action("hit", INST_NAMES[k]) for k in range(N_INST))
STASIS: Final = tuple(Action("stasis", INST_NAMES[k]) for k in range(N_INST))
MISSION: Final = tuple(tuple(Action("mission", INST_NAMES[k], FACES[f]) for f in range(6)) for k in range(N_INST))
SEND: Final = tuple(Action("send", d + 1) for d in range(6))
DISTRACT: Final = tuple(Action("distract", d + 1) for d in range(6))
RECALL: Final = tuple(Action("recall", d + 1) for d in range(6))
THREAT: Final = tuple(Action("threat", v) for v in range(7))
DRAW: Final = tuple(Action("draw", c.id) for c in D.cards)
"""A card drawn, in the order of the deck's kinds (the draw table's order)."""
