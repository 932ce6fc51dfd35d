// A follower car behind a leader (a car-following model in the spirit of the "car" and
// "convoi" systems of the paper's Table 1, whose definitions the digest does not give; the
// model and its numbers are ours): gap is the distance in metres, v the follower's speed and w the
// leader's, both in [0, 20] m/s. The leader changes speed by at most 1 m/s^2 either way; the
// follower's controller accelerates by 1 m/s^2 while the gap is at least 20 and brakes by
// 5 m/s^2 once it is at most 15. Starting 30 m apart at equal speeds of 10 m/s, the follower
// never closes the gap below 5 m.
variables gap in [0, 60], v in [0, 20], w in [0, 20];
modes cruise, brake;
init cruise: gap = 30 and v = 10 and w = 10;
flow cruise: d(gap) = w - v and d(v) = 1 and -1 <= d(w) and d(w) <= 1 and gap >= 15;
flow brake: d(gap) = w - v and d(v) = -5 and -1 <= d(w) and d(w) <= 1 and gap <= 20
    and v >= 0;
jump cruise -> brake: gap <= 15 and gap' = gap and v' = v and w' = w;
jump brake -> cruise: gap >= 20 and gap' = gap and v' = v and w' = w;
unsafe: gap <= 5;
// Why it is safe: while cruising the gap closes with a relative acceleration of at most 2, so
// it reaches 15 at a closing speed of at most sqrt(2 * 2 * 15) < 7.75; braking, the gap closes
// with a relative deceleration of at least 4, within 7.75^2 / 8 < 7.6 m.
