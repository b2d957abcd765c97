#include "games/soldiers/proof_search.hpp"

#include <algorithm>
#include <bit>
#include <utility>

namespace sente::soldiers {

namespace {

// A proof or disproof number that cannot be reached: the node is settled the other way.
constexpr std::uint32_t kInfinite = 1u << 30;

std::uint32_t capped(std::uint64_t n) {
    return static_cast<std::uint32_t>(std::min<std::uint64_t>(n, kInfinite));
}

// A child's threshold beyond the second-best sibling's number, by a quarter more than it (the
// "1 + epsilon" of Pawlewicz and Lew): the search stays longer in one subtree instead of
// switching back and forth between two of nearly equal promise.
std::uint32_t beyond(std::uint32_t second) {
    return capped(std::uint64_t{second} + second / 4 + 1);
}

}  // namespace

// The numbers of a finished game from the winner's view: won (proof 0) or not won, lost or drawn
// (disproof 0); nothing while it goes on. The rules of position.hpp's status() without the
// repetition rule (see the header), the draw coming after quiet_limit_ plies without a capture.
std::optional<ProofSearch::Numbers> ProofSearch::game_over(const Position& pos) const {
    constexpr Numbers kWon{0, kInfinite};
    constexpr Numbers kNotWon{kInfinite, 0};
    if (pos.soldiers == 0) return winner_ == kGenerals ? kWon : kNotWon;
    if (!has_move(pos)) return winner_ != pos.side ? kWon : kNotWon;
    if (pos.quiet_plies >= quiet_limit_) return kNotWon;
    return std::nullopt;
}

ProofSearch::ProofSearch(std::size_t table_mb) {
    const std::size_t wanted = std::max<std::size_t>(table_mb, 1) * 1024 * 1024 / sizeof(Entry);
    table_.resize(std::bit_floor(std::max<std::size_t>(wanted, 2)));
}

std::uint64_t ProofSearch::key_of(const Position& pos) const {
    // The two questions (which side wins) keep apart; 0 marks an empty entry.
    const std::uint64_t question = winner_ == kGenerals ? 0xBB67AE8584CAA73BULL : 0;
    return (position_key(pos) ^ question) | 1;
}

const ProofSearch::Entry* ProofSearch::find(std::uint64_t key) const {
    const std::size_t bucket = (key & (table_.size() - 1)) & ~std::size_t{1};
    for (std::size_t i = bucket; i < bucket + 2; ++i) {
        if (table_[i].key == key) return &table_[i];
    }
    return nullptr;
}

ProofSearch::Entry* ProofSearch::find(std::uint64_t key) {
    return const_cast<Entry*>(std::as_const(*this).find(key));
}

// Two kinds of entry share the table: the placement's, which keeps the counters settled (its key
// as it is), and the state's, which keeps the numbers of one counter (its key mixed with it).
std::uint64_t ProofSearch::state_key(std::uint64_t key, int counter) {
    return (key ^ ((counter + 1) * 0x9E3779B97F4A7C15ULL)) | 1;
}

ProofSearch::Numbers ProofSearch::look_up(std::uint64_t key, int counter) const {
    if (const Entry* placement = find(key)) {
        if (counter <= placement->proven_up_to) return {0, kInfinite};
        if (counter >= placement->disproven_from) return {kInfinite, 0};
    }
    if (const Entry* state = find(state_key(key, counter))) return {state->proof, state->disproof};
    return {1, 1};
}

ProofSearch::Entry& ProofSearch::slot_for(std::uint64_t key) {
    if (Entry* found = find(key)) return *found;
    // An empty entry, else the one that cost less work to find.
    const std::size_t bucket = (key & (table_.size() - 1)) & ~std::size_t{1};
    Entry& first = table_[bucket];
    Entry& second = table_[bucket + 1];
    Entry& slot = first.key == 0              ? first
                  : second.key == 0           ? second
                  : first.work <= second.work ? first
                                              : second;
    if (slot.key == 0) ++stored_;
    slot = Entry{};
    slot.key = key;
    return slot;
}

void ProofSearch::store(std::uint64_t key, int counter, Numbers numbers, std::uint64_t work) {
    const bool settled = numbers.proof == 0 || numbers.disproof == 0;
    Entry& slot = slot_for(settled ? key : state_key(key, counter));
    const auto at = static_cast<std::uint8_t>(counter);
    if (numbers.proof == 0) {
        slot.proven_up_to = static_cast<std::int8_t>(std::max<int>(slot.proven_up_to, at));
    } else if (numbers.disproof == 0) {
        slot.disproven_from = std::min(slot.disproven_from, at);
    } else {
        slot.proof = numbers.proof;
        slot.disproof = numbers.disproof;
    }
    slot.work = static_cast<std::uint32_t>(
        std::min<std::uint64_t>(std::uint64_t{slot.work} + work, UINT32_MAX));
}

void ProofSearch::report() {
    if (limits_->progress) {
        limits_->progress(
            {winner_, nodes_, root_numbers_.proof, root_numbers_.disproof, stored_, table_.size()});
    }
}

ProofResult ProofSearch::prove(const Position& root, Color winner, const ProofLimits& limits) {
    winner_ = winner;
    limits_ = &limits;
    if (limits.quiet_limit != quiet_limit_) {
        // Entries found under another limit do not hold under this one.
        std::fill(table_.begin(), table_.end(), Entry{});
        stored_ = 0;
        quiet_limit_ = limits.quiet_limit;
    }
    nodes_ = 0;
    depth_ = 0;
    root_numbers_ = {1, 1};
    stopped_ = false;
    next_report_ = limits.progress_interval;
    Position pos = root;
    ProofResult result;
    const auto over = game_over(pos);
    const Numbers numbers = over ? *over : search(pos, kInfinite, kInfinite);
    // Not won within a shorter limit than the rule's says nothing about the game.
    const bool full_rule = quiet_limit_ >= kQuietPlyLimit;
    result.proof = numbers.proof == 0                   ? Proof::proven
                   : numbers.disproof == 0 && full_rule ? Proof::disproven
                                                        : Proof::unknown;
    result.final = {winner, nodes_, numbers.proof, numbers.disproof, stored_, table_.size()};
    return result;
}

std::optional<Value> ProofSearch::value(const Position& root, const ProofLimits& limits,
                                        std::uint64_t& nodes) {
    for (const Color side : {root.side, opponent(root.side)}) {
        const ProofResult result = prove(root, side, limits);
        nodes += result.final.nodes;
        if (result.proof == Proof::unknown) return std::nullopt;
        if (result.proof == Proof::proven) return side == root.side ? Value::win : Value::loss;
    }
    return Value::draw;
}

ProofSearch::Numbers ProofSearch::search(Position& pos, std::uint32_t proof_threshold,
                                         std::uint32_t disproof_threshold) {
    const std::uint64_t nodes_at_entry = nodes_;
    ++nodes_;
    if (limits_->max_nodes != 0 && nodes_ >= limits_->max_nodes) stopped_ = true;
    if (limits_->progress_interval != 0 && nodes_ >= next_report_) {
        next_report_ = nodes_ + limits_->progress_interval;
        report();
    }
    const bool winner_moves = pos.side == winner_;
    const std::size_t first = children_.size();
    for_each_move(pos, [&](Move move) {
        const Undo undo = make_move(pos, move);
        const auto over = game_over(pos);
        const Numbers numbers = over ? *over : look_up(key_of(pos), pos.quiet_plies);
        unmake_move(pos, move, undo);
        children_.push_back({move, numbers.proof, numbers.disproof});
    });
    const std::size_t last = children_.size();

    // At the winner's turn one proven move proves the node and every move must be disproved;
    // at the other side's, the other way round. `own` is the number of the node's own kind
    // (proof at the winner's turn), `other` the summed one.
    Numbers numbers{};
    for (;;) {
        std::uint32_t best_own = kInfinite + 1;
        std::uint32_t second_own = kInfinite;
        // The summed number, weakly: the largest child's and one for each other open child.
        // Positions meet again by many paths, and a plain sum counts a shared subtree once for
        // every path, which grows without bound along lines of a hundred plies.
        std::uint32_t other_max = 0;
        std::uint32_t other_open = 0;
        std::size_t best = first;
        for (std::size_t i = first; i < last; ++i) {
            const Child& child = children_[i];
            const std::uint32_t own = winner_moves ? child.proof : child.disproof;
            const std::uint32_t child_other = winner_moves ? child.disproof : child.proof;
            other_max = std::max(other_max, child_other);
            other_open += child_other != 0;
            if (own < best_own) {
                second_own = best_own;
                best_own = own;
                best = i;
            } else if (own < second_own) {
                second_own = own;
            }
        }
        best_own = std::min(best_own, kInfinite);
        second_own = std::min(second_own, kInfinite);
        const std::uint32_t other =
            other_max >= kInfinite
                ? kInfinite
                : std::min(other_max + other_open - (other_open > 0), kInfinite - 1);
        numbers = winner_moves ? Numbers{best_own, other} : Numbers{other, best_own};
        if (depth_ == 0) root_numbers_ = numbers;
        if (numbers.proof >= proof_threshold || numbers.disproof >= disproof_threshold ||
            stopped_) {
            break;
        }
        const std::uint32_t own_threshold = winner_moves ? proof_threshold : disproof_threshold;
        const std::uint32_t other_threshold = winner_moves ? disproof_threshold : proof_threshold;
        const std::uint32_t own_limit = std::min(own_threshold, beyond(second_own));
        // The node's weak number reaches its threshold once this child's does, less one for
        // each other open child (this child is open: its own number would else be settled).
        const std::uint32_t other_limit =
            other_threshold >= kInfinite ? kInfinite : other_threshold - (other_open - 1);
        const Move move = children_[best].move;
        const Undo undo = make_move(pos, move);
        ++depth_;
        const Numbers found = winner_moves ? search(pos, own_limit, other_limit)
                                           : search(pos, other_limit, own_limit);
        --depth_;
        unmake_move(pos, move, undo);
        // (search() may have grown the stack and moved the children: index again.)
        children_[best].proof = found.proof;
        children_[best].disproof = found.disproof;
    }
    children_.resize(first);
    if (!stopped_ || numbers.proof == 0 || numbers.disproof == 0) {
        store(key_of(pos), pos.quiet_plies, numbers, nodes_ - nodes_at_entry);
    }
    return numbers;
}

}  // namespace sente::soldiers
