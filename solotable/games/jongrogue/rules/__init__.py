"""The rules of JongRogue EZ / EZ Plus (rules reference ``jongrogue.md``), by chapter.

Each module is a set of steps (see ``docs/engine.md``) for one chapter of the rules:

- ``pile``: tiles and the pile, checks, draw-until, the food clock (§2.4-§2.6, §7.8, row 41);
- ``floors``: game start, floor start, the labyrinth tiles, stairs (§3, §6.2, §7.27, rows 4, 40);
- ``moves``: the labyrinth and movement, rest, search, pincer attacks (§7.3, §7.4, §7.11.8);
- ``encounters``: encounter processing, sleep, wandering monsters, traps (§7.5-§7.7, §7.17, §7.18);
- ``combat``: combat, the PC's attacks, kills and drops, fleeing (§7.11);
- ``monsters``: a monster's attack and its special abilities (§7.11.5, §7.14);
- ``items``: pick-ups, equipment, rings, camp, carry limits (§7.19, §7.22-§7.25);
- ``magic``: potions, scrolls and identification (§7.20, §7.21, §7.26);
- ``ending``: death, continue, forced end, victory and the score (§4, §7.28);
- ``turns``: the PL's decisions and the actions each may be (§7.29).

Trigger-table rows (§5.2) are cited as "row N", the reference's decisions as "D..", the project's
rulings as "JR-P.." (docs/rulings.md).
"""

from __future__ import annotations

from . import combat, encounters, ending, floors, items, magic, monsters, moves, pile, turns

__all__ = ["combat", "encounters", "ending", "floors", "items", "magic", "monsters", "moves", "pile", "turns"]
