"""The rules of Deep Space D-6 (print-and-play, USS Crypsis), one module per chapter of the
rulebook, as steps on the engine every game uses (:mod:`solotable.core.engine`, ``docs/engine.md``).

- :mod:`.setup`: §2, setting up and the opening draws;
- :mod:`.crew`: §4.1-§4.4, §4.9, §5.1-§5.3, the crew roll, the scanners and step 3's choices
  (the Commander's change and re-roll are here);
- :mod:`.stations`: §4.5-§4.8, the Tactical, Medical, Science and Engineering stations;
- :mod:`.missions`: §4.10, §5.10, away missions;
- :mod:`.threats`: §5.4, §5.5, §5.7-§5.9, §6, §7, drawing threat cards, damage to the ship, cards
  leaving play, and the threat die's activations;
- :mod:`.round_end`: §5.6 and §1.4, gathering the crew, the next round, the loss of the crew.

Every choice the rules give the player is a decision :class:`~solotable.core.engine.Phase` with
its legal actions; every roll and draw is a chance phase with exact probabilities, named for what
it is for. Rulings of the rules reference are cited as ``R…``, the project's own as ``DS-P…``
(docs/rulings.md).

A round is six steps pushed at once (:func:`.round_end.start_round`): roll, assign, discover,
activate, gather, and the next round. The activation of the threats matched by the threat die is
one step per threat on the stack, internal threats first (R1); a choice of a die that an effect
asks for (R5) waits between them, and the ones after it run once it is made.
"""
