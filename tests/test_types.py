"""The typed output row against the dataset's features, and declared reasons."""

import dataclasses

import pytest

import faithfulness_qa as fqa
from fqa_build.reasons import DESCRIPTIONS, Reason
from fqa_build.types import SAMPLE_FIELDS, Rejection, Sample


def test_sample_fields_are_the_default_features_in_order():
    assert SAMPLE_FIELDS == tuple(fqa.DEFAULT_FEATURES)


def test_sample_row_keys_follow_the_features():
    sample = Sample(**{name: None for name in SAMPLE_FIELDS})
    assert list(sample.row()) == list(fqa.DEFAULT_FEATURES)


def test_every_reason_has_a_description():
    assert set(DESCRIPTIONS) == set(Reason)
    assert all(DESCRIPTIONS[r] and r.description == DESCRIPTIONS[r] for r in Reason)


def test_rejection_and_sample_are_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        Rejection(Reason.NO_CANDIDATE).reason = Reason.GPE_PAIR  # type: ignore[misc]


def test_no_column_of_the_sample_build_is_all_null(sample_build_v1):
    import datasets

    # under type_shape_v1, which swaps every type, so TriviaQA rows (with `evidence_title`) are kept
    rows = datasets.load_dataset(str(sample_build_v1.out), split="train")
    nullable_under_type_shape = {"entity_kind", "required_gender", "similarity"}  # used by kind/neighbour policies
    for name in fqa.DEFAULT_FEATURES:
        if name not in nullable_under_type_shape:
            assert any(value is not None for value in rows[name]), name


def test_a_rejection_with_an_undeclared_reason_cannot_be_made():
    with pytest.raises(ValueError):
        Rejection(None)  # type: ignore[arg-type]
    assert Rejection("no_candidate").reason is Reason.NO_CANDIDATE
