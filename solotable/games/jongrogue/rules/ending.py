"""Death, continue, game over, forced end and victory (rules reference §4, §7.28; rows 21, 23).

A death (HP 0 or less, freezing, starvation) stops the step where it happens (§5.1 step 6):
:func:`die` drops every step still pending and runs :func:`death` instead, which offers continue
or game over (§4.1). Victory (§4.5) likewise ends the step that climbed the stairs from B1.
"""

from __future__ import annotations

from solotable.core.engine import step

from ..state import K_GONE, JongRogueState, R
from . import turns


def hp_down(state: JongRogueState, dmg: int, cause: str, killer: str = "") -> bool:
    """Rows 21, 23: HP decreases, then the death check. False if the PC died (the step is over)."""
    state.hp -= dmg
    if dmg and state.log:
        state.emit("jr.ev.hp_down", n=dmg, hp=state.hp)
    if state.hp <= 0:
        die(state, cause, killer)
        return False
    return True


def die(state: JongRogueState, cause: str, killer: str = "") -> None:
    """The PC dies (§4.1, §5.1 step 6): nothing pending of this step runs; :func:`death` does.
    The caller returns at once."""
    state.stack.clear()
    state.push(death, cause, killer)


def death(state: JongRogueState, cause: str, killer: str) -> None:
    """Row 23 (§4.1, §4.8). D59: tiles in use at the moment of death (a check being drawn, a
    wanderer's tile) go to the discard pile: every number tile not in the pile, the discard pile
    or on the map."""
    copies = R.pile.copies_plus_id.value if state.ident else R.pile.copies_ez.value
    where = [state.pile[t] + state.discard[t] for t in range(27)]  # the pile's counts hold face-down tiles
    for held in state.held:  # and face-down tiles laid before a restack (JR-P1)
        for t in range(27):
            where[t] += held[t]
    for room in state.slots:
        for x in room:
            if x.kind < K_GONE:
                where[x.tile] += 1
    if state.pmon is not None:
        where[state.pmon.tile] += 1
    for t in range(27):
        missing = copies - where[t]
        if missing > 0:
            state.discard[t] += missing
            state.discard_n += missing
    state.cause = cause
    state.killer = killer
    state.hp = min(state.hp, 0)
    if cause == "monster" and killer:  # §4.8: "(monster name)と戦いて死す"
        if state.log:
            state.emit("jr.ev.died_by", monster=f"@jr.mon.{killer}")
    else:
        if state.log:
            state.emit("jr.ev.died", cause=f"@jr.cause.{cause}")
    if state.cont:
        state.mode = turns.DEATH
        turns.ask_next(state)
    else:
        game_over(state)


def game_over(state: JongRogueState) -> None:
    """§4.2: the gold held is the score."""
    state.score = state.gold
    if state.log:
        state.emit("jr.ev.game_over", score=state.score)
    state.finish()


def continue_game(state: JongRogueState) -> None:
    """§4.3, D52, D59: HP to max, statuses cleared, the floor restarts (Game Start steps 2-5). Only
    with the option (``cont``); counted in ``continues`` (D42)."""
    from .floors import game_start_steps

    state.continues += 1
    state.hp = state.maxhp
    state.status = 0
    state.mode = turns.PLAY
    state.cause = ""
    state.killer = ""
    if state.log:
        state.emit("jr.ev.continue", n=state.continues)
    game_start_steps(state)


def forced_end(state: JongRogueState) -> None:
    """§4.4: the game ends at once; with the forced-end bonus rule the gold score gets +10%."""
    state.forced = True
    state.cause = "forced_end"
    bonus = R.score.forced_end_bonus.value if state.forced_bonus else 0
    state.score = state.gold * (100 + bonus) // 100
    if state.log:
        state.emit("jr.ev.forced_end", score=state.score)
    state.finish()


# -- victory (§4.5, §4.6, §7.28) -------------------------------------------------------------


def victory(state: JongRogueState) -> None:
    """§4.5: up the stairs from B1 with the Amulet. Nothing else of the step runs. Everything is
    identified (§7.26, D38), then the score is gold part + items part (§7.28, D41). The game is ending first (its
    cause given: ``state.ended``), so the identification draws bring no food check (JR-P5); the
    score's step ends it (``finish()``)."""
    from . import items, magic

    state.stack.clear()
    state.cause = "victory"  # the game is ending (state.ended): the draws below bring no food check
    state.then(
        *(step(items.reveal_ring, i) for i in range(len(state.rings))),
        *(step(magic.reveal_link, True, i) for i in range(9) if state.potions[i]),
        *(step(magic.reveal_link, False, i) for i in range(18) if state.scrolls[i]),
        *(step(items.reveal_state, True, i) for i in range(len(state.weapons))),
        *(step(items.reveal_state, False, i) for i in range(len(state.armours))),
        step(_victory_score),
    )


def _victory_score(state: JongRogueState) -> None:
    state.won = True
    bonus = R.score.victory_bonus.value if state.victory_bonus else 0
    state.score = state.gold * (100 + bonus) // 100 + sum(v for _, v in item_values(state))
    if state.log:
        state.emit("jr.ev.victory", score=state.score)
    state.finish()


def item_values(state: JongRogueState) -> list[tuple[str, int]]:
    """§7.28, D41: the held items' values (everything identified first); the Amulet 5,000."""
    sc = R.score
    vmin = sc.min_item_value.value
    wv = sc.weapon_values.value
    av = sc.armour_values.value
    out: list[tuple[str, int]] = []
    for w in state.weapons:
        out.append((w.kind, max(vmin, wv[w.kind] + sc.weapon_enchant_value.value * w.enchant)))
    if state.bow:
        out.append(("bow", max(vmin, wv["bow"])))
    for name, carried in zip(("arrows", "darts", "shuriken"), state.missiles, strict=True):
        if carried:
            out.append((name, max(vmin, wv[name])))
    for a in state.armours:
        v = av[a.kind] + sc.armour_enchant_value.value * a.enchant
        v += sc.protected_value.value if a.protected else 0
        out.append((a.kind, max(vmin, v)))
    rings = R.item.ring_table.value
    for r in state.rings:
        out.append(("ring", max(vmin, sc.ring_values.value[rings.index(r.kind) if r.kind else 0])))
    for i in range(9):
        row = state.pot_row[i] if state.pot_row[i] >= 0 else i
        out.extend(("potion", max(vmin, sc.potion_values.value[row])) for _ in range(state.potions[i]))
    for i in range(18):
        row = state.scr_row[i] if state.scr_row[i] >= 0 else i
        out.extend(("scroll", max(vmin, sc.scroll_values.value[row])) for _ in range(state.scrolls[i]))
    if state.amulet:
        out.append(("amulet", sc.amulet_value.value))
    return out
