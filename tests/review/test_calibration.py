"""The binning of benchmarks/calibration.py (predicted against observed wins), on synthetic data."""

from __future__ import annotations

import importlib.util
import math
import random
import sys
from pathlib import Path
from types import ModuleType

import pytest

SCRIPT = Path(__file__).resolve().parents[2] / "benchmarks" / "calibration.py"


def _load() -> ModuleType:
    spec = importlib.util.spec_from_file_location("calibration_script", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


cal = _load()


def test_bins_by_floor_and_counts() -> None:
    predicted = [0.0, 0.05, 0.099, 0.1, 0.15, 0.5, 0.95, 1.0]
    won = [False, True, False, True, True, False, True, True]
    bins = cal.bin_predictions(predicted, won)
    assert len(bins) == 10
    assert [b.n for b in bins] == [3, 2, 0, 0, 0, 1, 0, 0, 0, 2]
    assert [b.wins for b in bins] == [1, 2, 0, 0, 0, 0, 0, 0, 0, 2]
    assert bins[0].predicted == pytest.approx((0.0 + 0.05 + 0.099) / 3)
    assert bins[9].predicted == pytest.approx(0.975)
    assert bins[0].observed == pytest.approx(1 / 3)
    assert math.isnan(bins[2].predicted) and math.isnan(bins[2].observed)
    assert (bins[3].low, bins[3].high) == pytest.approx((0.3, 0.4))


def test_calibrated_synthetic_data_lands_on_the_diagonal() -> None:
    rng = random.Random(5)
    predicted = [rng.random() for _ in range(20000)]
    won = [rng.random() < p for p in predicted]
    for b in cal.bin_predictions(predicted, won):
        low, high = b.interval()
        assert b.low <= b.predicted < b.high
        assert low - 0.01 <= b.predicted <= high + 0.01
    assert cal.brier(predicted, won) == pytest.approx(1 / 6, abs=0.01)  # E[p(1-p)], p uniform


def test_an_overconfident_predictor_is_off_the_diagonal() -> None:
    rng = random.Random(6)
    truth = [rng.random() for _ in range(20000)]
    won = [rng.random() < p for p in truth]
    predicted = [1.0 if p >= 0.5 else 0.0 for p in truth]  # says certain when it is not
    bins = cal.bin_predictions(predicted, won)
    assert bins[0].interval()[1] < 0.3 and bins[0].observed > 0.2  # ~25% won at "0%"
    assert bins[9].interval()[0] > 0.7 and bins[9].observed < 0.8


def test_bad_input_is_refused() -> None:
    with pytest.raises(ValueError):
        cal.bin_predictions([0.5], [True, False])
    with pytest.raises(ValueError):
        cal.bin_predictions([1.5], [True])
