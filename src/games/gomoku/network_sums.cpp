// The network's sums of a Position (declared in position.hpp): each point's vector and the
// board's sums of the clipped vectors, from scratch and move by move.

#include <algorithm>

#include "games/gomoku/network.hpp"
#include "games/gomoku/position.hpp"

namespace sente::gomoku {

namespace {

// A point's vector before clipping, from scratch.
NetRow point_vector(const Network& net, const Position& pos, int point) {
    NetRow sum{};
    for (int d = 0; d < 4; ++d) {
        const NetRow& row = net.table[net_pattern(pos, point, d)];
        for (int j = 0; j < kNetFeatures; ++j) sum[j] = static_cast<std::int16_t>(sum[j] + row[j]);
    }
    return sum;
}

// `vector` += `plus` - `minus`, row by row.
void add_rows(NetRow& vector, const NetRow& plus, const NetRow& minus) {
    for (int j = 0; j < kNetFeatures; ++j)
        vector[j] = static_cast<std::int16_t>(vector[j] + plus[j] - minus[j]);
}

// `sums` += clip(vector).
void add_clipped(NetSums& sums, const NetRow& vector) {
    for (int j = 0; j < kNetFeatures; ++j) sums[j] += std::clamp<int>(vector[j], 0, kNetClip);
}

// `sums` += clip(now) - clip(was).
void add_clipped_change(NetSums& sums, const NetRow& now, const NetRow& was) {
    for (int j = 0; j < kNetFeatures; ++j)
        sums[j] += std::clamp<int>(now[j], 0, kNetClip) - std::clamp<int>(was[j], 0, kNetClip);
}

}  // namespace

NetSums net_board_sums(const Position& pos) {
    NetSums sums{};
    for_each_point(pos,
                   [&](int point) { add_clipped(sums, point_vector(*pos.network, pos, point)); });
    return sums;
}

void refresh_network(Position& pos) {
    pos.net_sums = NetSums{};
    for_each_point(pos, [&](int point) {
        NetRow& vector = pos.net_points[net_index(point)];
        vector = point_vector(*pos.network, pos, point);
        add_clipped(pos.net_sums, vector);
    });
}

void update_network(Position& pos, int point, Stone was) {
    const Network& net = *pos.network;
    const Stone now = pos.stones[point];
    const Stone moved = now == kEmpty ? was : now;  // the stone that came or went
    // The point itself: its own cell changed in all four of its patterns.
    {
        NetRow& vector = pos.net_points[net_index(point)];
        const NetRow before = vector;
        for (int d = 0; d < 4; ++d) {
            const LineKey key = pos.points[point].keys[d];
            add_rows(vector, net.table[net_pattern(now, key)], net.table[net_pattern(was, key)]);
        }
        add_clipped_change(pos.net_sums, vector, before);
    }
    // The points along its lines: one pattern each, whose key has the stone toggled.
    for (int d = 0; d < 4; ++d) {
        for (int k = 1; k <= kNetReach; ++k) {
            for (const int sign : {+1, -1}) {
                const int q = point + sign * k * kDirections[d];
                if (pos.stones[q] == kWall) continue;
                const LineKey key = pos.points[q].keys[d];
                const auto old_key = static_cast<LineKey>(key ^ (moved << key_shift(-sign * k)));
                NetRow& vector = pos.net_points[net_index(q)];
                const NetRow before = vector;
                const Stone centre = pos.stones[q];
                add_rows(vector, net.table[net_pattern(centre, key)],
                         net.table[net_pattern(centre, old_key)]);
                add_clipped_change(pos.net_sums, vector, before);
            }
        }
    }
}

}  // namespace sente::gomoku
