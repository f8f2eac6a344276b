"""Tests for the Glicko-2 rating module."""
from __future__ import annotations

import math

import pytest
from hypothesis import given
from hypothesis import strategies as st

from bot.ratings import (
    MAX_RD,
    MIN_RD,
    TAU,
    Rating,
    age,
    pairwise_scores,
    rate_game,
    update,
)

PAPER_PLAYER = Rating(1500.0, 200.0, 0.06)
PAPER_RESULTS = [(Rating(1400.0, 30.0), 1.0), (Rating(1550.0, 100.0), 0.0), (Rating(1700.0, 300.0), 0.0)]

ratings = st.builds(
    Rating,
    rating=st.floats(400.0, 4000.0),
    rd=st.floats(MIN_RD, MAX_RD),
    volatility=st.floats(0.02, 0.1),
)


def assert_same_rating(got: Rating, want: Rating) -> None:
    """Equal up to floating-point summation order."""
    assert got.rating == pytest.approx(want.rating, rel=1e-12)
    assert got.rd == pytest.approx(want.rd, rel=1e-12)
    assert got.volatility == pytest.approx(want.volatility, rel=1e-12)


@st.composite
def finishes(draw: st.DrawFn, min_seats: int = 2, max_seats: int = 8) -> tuple[int, list[set[int]]]:
    """A seat count and random final places over all seats, ties included."""
    seats = draw(st.integers(min_seats, max_seats))
    order = draw(st.permutations(range(seats)))
    tie_with_previous = draw(st.lists(st.booleans(), min_size=seats, max_size=seats))
    places: list[set[int]] = []
    for seat, tied in zip(order, tie_with_previous, strict=True):
        if places and tied:
            places[-1].add(seat)
        else:
            places.append({seat})
    return seats, places


class TestRating:
    def test_defaults_are_a_fresh_provisional_player(self) -> None:
        r = Rating()
        assert (r.rating, r.rd, r.volatility) == (1500.0, 350.0, 0.06)
        assert r.provisional

    def test_provisional_means_rd_strictly_above_110(self) -> None:
        assert Rating(rd=110.01).provisional
        assert not Rating(rd=110.0).provisional
        assert not Rating(rd=MIN_RD).provisional

    @pytest.mark.parametrize(
        "kwargs",
        [{"rating": math.nan}, {"rating": math.inf}, {"rd": 0.0}, {"rd": -1.0}, {"volatility": 0.0}, {"volatility": math.nan}],
    )
    def test_rejects_impossible_values(self, kwargs: dict[str, float]) -> None:
        with pytest.raises(ValueError):
            Rating(**kwargs)


class TestUpdate:
    def test_glickman_paper_example(self) -> None:
        new = update(PAPER_PLAYER, PAPER_RESULTS, tau=0.5)
        # The paper prints 1464.06 from rounded intermediates (mu' = -0.2069); unrounded it is 1464.0507.
        assert new.rating == pytest.approx(1464.06, abs=0.01)
        assert new.rd == pytest.approx(151.52, abs=0.01)
        assert new.volatility == pytest.approx(0.05999, abs=1e-5)

    def test_default_tau_is_the_lichess_constant(self) -> None:
        assert TAU == 0.75
        assert update(PAPER_PLAYER, PAPER_RESULTS) == update(PAPER_PLAYER, PAPER_RESULTS, tau=0.75)
        assert update(PAPER_PLAYER, PAPER_RESULTS) != update(PAPER_PLAYER, PAPER_RESULTS, tau=0.5)

    def test_result_order_within_a_period_does_not_matter(self) -> None:
        forward = update(PAPER_PLAYER, PAPER_RESULTS, tau=0.5)
        assert_same_rating(update(PAPER_PLAYER, PAPER_RESULTS[::-1], tau=0.5), forward)

    @pytest.mark.parametrize(
        "equal",
        [Rating(), Rating(1500.0, 200.0, 0.06), Rating(2210.0, 60.0, 0.09), Rating(870.5, 120.0, 0.04)],
    )
    def test_win_between_equals_moves_both_by_the_same_amount(self, equal: Rating) -> None:
        winner = update(equal, [(equal, 1.0)])
        loser = update(equal, [(equal, 0.0)])
        gain = winner.rating - equal.rating
        assert gain > 0
        assert equal.rating - loser.rating == pytest.approx(gain, rel=1e-12)
        assert winner.rd == pytest.approx(loser.rd, rel=1e-12)
        assert winner.volatility == pytest.approx(loser.volatility, rel=1e-12)

    @pytest.mark.parametrize("equal", [Rating(), Rating(1832.25, 80.0, 0.07), Rating(700.0, 300.0, 0.06)])
    def test_draw_between_equals_changes_no_rating_but_shrinks_rd(self, equal: Rating) -> None:
        new = update(equal, [(equal, 0.5)])
        assert new.rating == equal.rating
        assert new.rd < equal.rd

    def test_draw_against_a_stronger_opponent_gains(self) -> None:
        me = Rating(1500.0, 100.0)
        assert update(me, [(Rating(1700.0, 100.0), 0.5)]).rating > me.rating
        assert update(me, [(Rating(1300.0, 100.0), 0.5)]).rating < me.rating

    def test_a_certain_opponent_moves_the_player_more_than_an_uncertain_one(self) -> None:
        me = Rating(1500.0, 150.0)
        vs_certain = update(me, [(Rating(1500.0, 50.0), 1.0)])
        vs_uncertain = update(me, [(Rating(1500.0, 350.0), 1.0)])
        assert vs_certain.rating > vs_uncertain.rating > me.rating

    def test_upset_raises_volatility_and_expected_result_lowers_it(self) -> None:
        me = Rating(1500.0, 50.0, 0.06)
        weak = Rating(800.0, 50.0)
        upset = update(me, [(weak, 0.0)])
        expected = update(me, [(weak, 1.0)])
        assert upset.volatility > me.volatility
        assert expected.volatility < me.volatility
        assert upset.rating < me.rating < expected.rating

    def test_no_results_only_grows_the_deviation(self) -> None:
        new = update(PAPER_PLAYER, [])
        assert new.rating == PAPER_PLAYER.rating
        assert new.volatility == PAPER_PLAYER.volatility
        assert new.rd == pytest.approx(math.sqrt(200.0**2 + (0.06 * 173.7178) ** 2), rel=1e-12)

    def test_no_results_rd_is_capped(self) -> None:
        assert update(Rating(1500.0, 349.0, 0.2), []).rd == MAX_RD

    def test_rd_never_falls_below_the_floor(self) -> None:
        me = Rating(1500.0, 50.0, 0.06)
        new = update(me, [(Rating(1500.0 + 10 * i, 45.0), 0.5) for i in range(30)])
        assert new.rd == MIN_RD

    @pytest.mark.parametrize("score", [-0.1, 1.5, math.nan])
    def test_rejects_scores_outside_zero_one(self, score: float) -> None:
        with pytest.raises(ValueError):
            update(Rating(), [(Rating(), score)])

    def test_rejects_non_positive_tau(self) -> None:
        with pytest.raises(ValueError):
            update(Rating(), [(Rating(), 1.0)], tau=0.0)


class TestPairwiseScores:
    def test_two_player_win(self) -> None:
        assert pairwise_scores(({0}, {1}), 2) == {0: [(1, 1.0)], 1: [(0, 0.0)]}

    def test_two_player_loss_of_seat_zero(self) -> None:
        assert pairwise_scores(({1}, {0}), 2) == {0: [(1, 0.0)], 1: [(0, 1.0)]}

    def test_two_player_draw(self) -> None:
        assert pairwise_scores(({0, 1},), 2) == {0: [(1, 0.5)], 1: [(0, 0.5)]}

    def test_four_seats_with_a_tie_in_the_middle(self) -> None:
        assert pairwise_scores(({2}, {0, 1}, {3}), 4) == {
            0: [(1, 0.5), (2, 0.0), (3, 1.0)],
            1: [(0, 0.5), (2, 0.0), (3, 1.0)],
            2: [(0, 1.0), (1, 1.0), (3, 1.0)],
            3: [(0, 0.0), (1, 0.0), (2, 0.0)],
        }

    def test_accepts_frozensets_and_lists(self) -> None:
        assert pairwise_scores((frozenset({1}), [0, 2]), 3) == pairwise_scores(({1}, {0, 2}), 3)

    @pytest.mark.parametrize(
        ("places", "seats"),
        [
            (({0},), 2),  # seat 1 missing
            (({0}, {0, 1}), 2),  # seat 0 twice
            (({0}, {2}), 2),  # seat out of range
            (({0}, {-1}, {1}), 2),  # negative seat
            (({0}, set(), {1}), 2),  # empty place
        ],
    )
    def test_rejects_places_that_do_not_partition_the_seats(self, places: tuple[set[int], ...], seats: int) -> None:
        with pytest.raises(ValueError):
            pairwise_scores(places, seats)

    @given(finishes(min_seats=1))
    def test_every_pair_scored_once_each_way_and_consistent(self, finish: tuple[int, list[set[int]]]) -> None:
        seats, places = finish
        place_of = {seat: i for i, group in enumerate(places) for seat in group}
        scores = pairwise_scores(places, seats)
        assert sorted(scores) == list(range(seats))
        for seat, row in scores.items():
            assert [other for other, _ in row] == [o for o in range(seats) if o != seat]
            for other, score in row:
                assert score + dict(scores[other])[seat] == 1.0
                assert score == (1.0 if place_of[seat] < place_of[other] else 0.5 if place_of[seat] == place_of[other] else 0.0)


class TestRateGame:
    def test_two_seats_is_a_simultaneous_update_from_pre_game_ratings(self) -> None:
        a, b = Rating(1620.0, 80.0, 0.06), Rating(1480.0, 210.0, 0.07)
        assert rate_game([a, b], ({1}, {0})) == [update(a, [(b, 0.0)]), update(b, [(a, 1.0)])]

    def test_three_seats_first_gains_last_loses(self) -> None:
        before = [Rating(1500.0, 120.0), Rating(1700.0, 90.0), Rating(1400.0, 200.0)]
        after = rate_game(before, ({2}, {0}, {1}))
        assert after[2].rating > before[2].rating
        assert after[1].rating < before[1].rating
        assert all(new.rd < old.rd for new, old in zip(after, before, strict=True))

    def test_three_equal_seats_middle_is_unchanged_and_ends_mirror(self) -> None:
        equal = Rating(1500.0, 150.0, 0.06)
        first, middle, last = rate_game([equal] * 3, ({0}, {1}, {2}))
        assert middle.rating == equal.rating
        assert first.rating - equal.rating == pytest.approx(equal.rating - last.rating, rel=1e-12)
        assert first.rating > equal.rating

    def test_draw_pulls_equal_deviation_ratings_together(self) -> None:
        low, high = Rating(1400.0, 100.0), Rating(1600.0, 100.0)
        new_low, new_high = rate_game([low, high], ({0, 1},))
        assert low.rating < new_low.rating < new_high.rating < high.rating

    def test_relabelling_seats_relabels_the_results(self) -> None:
        before = [Rating(1500.0, 120.0), Rating(1700.0, 90.0), Rating(1400.0, 200.0), Rating(1550.0, 60.0)]
        after = rate_game(before, ({3}, {0, 2}, {1}))
        swapped = rate_game([before[3], before[2], before[1], before[0]], ({0}, {3, 1}, {2}))
        for got, want in zip(swapped, [after[3], after[2], after[1], after[0]], strict=True):
            assert_same_rating(got, want)

    @pytest.mark.parametrize("before", [[], [Rating()]])
    def test_rejects_fewer_than_two_seats(self, before: list[Rating]) -> None:
        with pytest.raises(ValueError):
            rate_game(before, ({0},) if before else ())

    @given(st.data(), finishes())
    def test_any_game_keeps_ratings_sane(self, data: st.DataObject, finish: tuple[int, list[set[int]]]) -> None:
        seats, places = finish
        before = data.draw(st.lists(ratings, min_size=seats, max_size=seats))
        after = rate_game(before, places)
        assert len(after) == seats
        for r in after:
            assert math.isfinite(r.rating)
            assert MIN_RD <= r.rd <= MAX_RD
            assert math.isfinite(r.volatility) and r.volatility > 0
        if len(places) > 1 and len(places[0]) == 1:
            (winner,) = places[0]
            assert after[winner].rating > before[winner].rating
        if len(places) > 1 and len(places[-1]) == 1:
            (loser,) = places[-1]
            assert after[loser].rating < before[loser].rating

    @given(ratings, finishes())
    def test_equal_starting_ratings_are_about_zero_sum(self, start: Rating, finish: tuple[int, list[set[int]]]) -> None:
        """Not exactly zero: each seat's new volatility, hence its step size, depends on how lopsided its own results
        were. The worst case found (8 seats, one winner, rd 45, volatility 0.1) leaks 0.15% of the points moved."""
        seats, places = finish
        changes = [r.rating - start.rating for r in rate_game([start] * seats, places)]
        assert abs(sum(changes)) <= 2e-3 * sum(abs(c) for c in changes) + 1e-9


class TestAge:
    def test_zero_or_negative_days_change_nothing(self) -> None:
        r = Rating(1800.0, 70.0, 0.06)
        assert age(r, 0) is r
        assert age(r, -3.5) is r

    def test_one_period_of_idleness_matches_an_empty_rating_period(self) -> None:
        assert age(PAPER_PLAYER, 4.67).rd == pytest.approx(update(PAPER_PLAYER, []).rd, rel=1e-12)

    def test_a_year_idle_takes_a_typical_rd_from_60_to_110(self) -> None:
        aged = age(Rating(1800.0, 60.0, 0.06), 365)
        assert aged.rd == pytest.approx(110.0, abs=0.5)
        assert (aged.rating, aged.volatility) == (1800.0, 0.06)

    def test_long_idleness_is_capped(self) -> None:
        assert age(Rating(1500.0, 300.0, 0.06), 10_000).rd == MAX_RD
        assert age(Rating(1500.0, 300.0, 0.06), math.inf).rd == MAX_RD

    def test_rejects_nan_days(self) -> None:
        with pytest.raises(ValueError):
            age(Rating(), math.nan)

    @given(ratings, st.floats(0.0, 5000.0), st.floats(0.0, 5000.0))
    def test_rd_grows_with_idleness_and_stays_capped(self, r: Rating, d1: float, d2: float) -> None:
        shorter, longer = sorted((d1, d2))
        rd_short, rd_long = age(r, shorter).rd, age(r, longer).rd
        assert r.rd <= rd_short <= rd_long <= MAX_RD
        if longer >= 1.0 and r.rd < MAX_RD:
            assert rd_long > r.rd
