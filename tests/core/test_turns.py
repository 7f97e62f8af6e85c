"""Seat queues (core/turns.pxd): the order of a step, moving on, and finding the next seat to act."""
from partisan.core.testing.turns_api import Queue


def test_seats_clockwise_from_start_with_first_ahead():
    assert Queue(0b11111, 0, 2, 5).seats() == [2, 3, 4, 0, 1]
    assert Queue(0b11011, 0, 3, 5).seats() == [3, 4, 0, 1]
    # the defending side (seats 1 and 4) first, each part clockwise from seat 1
    assert Queue(0b11111, 0b10010, 1, 5).seats() == [1, 4, 2, 3, 0]


def test_next_and_done_walk_the_queue_once_and_restart_goes_back():
    q = Queue(0b111, 0, 1, 3)
    assert (q.seat(), q.done()) == (1, False)
    assert q.next() and q.seat() == 2
    assert q.next() and q.seat() == 0
    assert not q.next() and q.done()
    q.restart()
    assert (q.seat(), q.done()) == (1, False)


def test_seek_stops_at_the_first_seat_that_wants_to_act_and_keeps_it_current():
    q = Queue(0b11111, 0, 0, 5)
    assert q.seek(0b01100) == 2
    assert q.seek(0b01100) == 2          # the seat found stays current until the game moves on
    q.next()
    assert q.seek(0b01100) == 3
    q.next()
    assert q.seek(0b00011) == -1         # seats behind the current one are not looked at
    assert q.done()
    assert Queue(0, 0, 0, 5).seek(0b11111) == -1
