#pragma once

// Complete tables of Soldiers and Generals: the two race distances of solver.hpp for every
// placement of one board size and number of generals, up to a number of soldiers. Where the
// solver explores what one position can reach and keeps it in a hash map, the tables enumerate
// every placement and store it at its combinatorial rank, two bytes each, so a whole start
// position fits in memory (the 5x5 start, 2 generals and up to 10 soldiers: 1.7 billion
// placements, 3.4 GB).
//
// Each layer (a number of soldiers) is built after the ones below it, one race per thread, by
// breadth-first retrograde analysis: the placements at distance d are found by a scan, their
// predecessors (a step taken back) get distance d + 1 when the winner moves there, and when the
// loser moves there once all of the loser's moves have been counted off. Captures leave the
// layer, so they are settled when a layer starts, from the finished layer below.

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "games/soldiers/solver.hpp"
#include "sente/result.hpp"

namespace sente::platform {
class MappedFile;  // platform/platform.hpp: a file loaded tables point into
}  // namespace sente::platform

namespace sente::soldiers {

// How one finished layer came out, for progress reports and the closing numbers.
struct LayerReport {
    int soldiers = 0;
    std::size_t placements = 0;  // with side to move
    // Values at counter 0 with the generals to move.
    std::size_t generals_win = 0;
    std::size_t soldiers_win = 0;
    std::size_t draw = 0;
    int longest_generals_race = 0;  // the largest finite distance of each race
    int longest_soldiers_race = 0;
    double seconds = 0;
};

class Tablebase {
  public:
    // Tables for `generals` generals on a `size` x `size` board; empty until build().
    Tablebase(int size, int generals);
    // Layers point at their own bytes: moving keeps the bytes where they are, a copy would not.
    Tablebase(Tablebase&&) = default;
    Tablebase& operator=(Tablebase&&) = default;
    Tablebase(const Tablebase&) = delete;
    Tablebase& operator=(const Tablebase&) = delete;

    // Placements in the layers from 0 up to `max_soldiers` soldiers.
    std::uint64_t placements_up_to(int max_soldiers) const;
    // Bytes that build(max_soldiers) needs at its peak.
    std::size_t bytes_needed(int max_soldiers) const;

    // Builds every layer from 0 up to `max_soldiers` soldiers (keeping those already built),
    // reporting each finished layer. Tables loaded from a file stay as they are.
    void build(int max_soldiers, const std::function<void(const LayerReport&)>& report = {});

    // Writes the tables to a file (a header, then each layer's two distance arrays), or says why
    // it could not.
    Result<void> save(const std::string& path) const;
    // Maps a file that save() wrote; its pages are read when first looked at, so a large file
    // costs nothing until a position needs it.
    static Result<Tablebase> load(const std::string& path);

    // Whether the tables were loaded from a file (which cannot grow) rather than built.
    bool from_file() const { return mapping_ != nullptr; }
    int size() const { return size_; }
    int generals() const { return generals_; }
    int max_soldiers() const { return static_cast<int>(layers_.size()) - 1; }
    std::size_t placements() const;

    // The placements of one layer, by index (0 .. layer_placements - 1), for walking them all.
    std::uint64_t layer_placements(int soldiers) const { return layer_size(soldiers); }
    Placement placement(int soldiers, std::uint64_t index) const {
        return placement_at(layers_[soldiers].soldier_sets, soldiers, index);
    }

    // Where a placement sits in its layer (the file stores each layer in this order).
    std::uint64_t index_in_layer(const Placement& placement) const;

    // Whether the tables hold this placement: same board, same number of generals, no more
    // soldiers than built.
    bool covers(const Placement& placement) const;
    RaceDistances distances(const Placement& placement) const;

  private:
    struct Layer {
        int soldiers = 0;
        std::uint64_t soldier_sets = 0;  // ways to place the soldiers beside given generals
        std::uint64_t placements = 0;
        // Built layers own their bytes; loaded ones point into the mapped file.
        std::vector<std::uint8_t> built_to_generals_win;
        std::vector<std::uint8_t> built_to_soldiers_win;
        const std::uint8_t* to_generals_win = nullptr;
        const std::uint8_t* to_soldiers_win = nullptr;
    };
    Placement placement_at(std::uint64_t soldier_sets, int soldier_count,
                           std::uint64_t index) const;
    std::uint64_t layer_size(int soldiers) const;
    void race(const Layer& below, std::uint64_t soldier_sets, int soldiers,
              std::vector<std::uint8_t>& distance, Color winner) const;
    LayerReport summarise(const Layer& layer) const;

    // Board points (8-wide layout) to dense indices 0..size*size-1 and back.
    std::uint64_t compact(Bitboard b) const;
    Bitboard expand(std::uint64_t dense) const;

    int size_;
    int generals_;
    int points_;
    Bitboard board_;
    std::uint64_t general_sets_;  // ways to place the generals
    std::vector<Layer> layers_;
    std::shared_ptr<const platform::MappedFile> mapping_;  // the file loaded layers point into
};

// Solves `root` from the tables, which must cover it.
Solution solve_with_tables(const Position& root, const Tablebase& tables);

}  // namespace sente::soldiers
