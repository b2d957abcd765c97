#pragma once

// What sente asks of the operating system, behind one interface with a POSIX implementation
// (platform_posix.cpp) and a Windows one (platform_windows.cpp): whether a standard stream is a
// terminal, the machine's memory, a file mapped into memory, standard input read on a thread
// that another thread can stop, and Ctrl-C. Everything else is standard C++.

#include <cstddef>
#include <memory>
#include <string>

#include "sente/result.hpp"

namespace sente::platform {

enum class StandardStream { input, output };

// Whether the stream is an interactive terminal (a console on Windows), not a pipe or a file.
bool is_terminal(StandardStream stream);

// Standard output as the protocols need it, for the rest of the process: a write to a pipe the
// GUI closed fails (the protocols notice and leave) instead of killing the process (POSIX's
// SIGPIPE), and what sente writes arrives byte for byte (Windows would make each LF a CRLF
// when the output is not a console).
void prepare_standard_streams();

// The machine's physical memory in MiB; 0 when the system does not say.
std::size_t physical_memory_mb();

// A whole file mapped read-only into memory, for as long as the object lives.
class MappedFile {
  public:
    static Result<std::shared_ptr<const MappedFile>> open(const std::string& path);
    ~MappedFile();
    MappedFile(const MappedFile&) = delete;
    MappedFile& operator=(const MappedFile&) = delete;

    const unsigned char* bytes() const { return static_cast<const unsigned char*>(address_); }
    std::size_t size() const { return size_; }

  private:
    MappedFile(void* address, std::size_t size) : address_(address), size_(size) {}
    void* address_;
    std::size_t size_;
};

// A file descriptor (standard input, a pipe) read by one thread, which another thread may stop
// while the read waits for input.
class InputChannel {
  public:
    explicit InputChannel(int fd);
    ~InputChannel();
    InputChannel(const InputChannel&) = delete;
    InputChannel& operator=(const InputChannel&) = delete;

    // Blocks until input comes: the number of bytes put in `buffer` (at most `size`), 0 at the
    // end of input (or an input that cannot be read), -1 once cancel() was called.
    long read(char* buffer, std::size_t size);
    // Makes a read in progress, and every later one, return -1. From any thread.
    void cancel();

  private:
    struct State;
    std::unique_ptr<State> state_;
};

// Runs `handler` on Ctrl-C (SIGINT; the console's Ctrl-C on Windows) while the object lives,
// putting the previous handler back after. The handler may only touch lock-free atomics. On
// POSIX a read waiting for the person's input returns when it fires (no SA_RESTART).
class CtrlCHandler {
  public:
    explicit CtrlCHandler(void (*handler)(int));
    ~CtrlCHandler();
    CtrlCHandler(const CtrlCHandler&) = delete;
    CtrlCHandler& operator=(const CtrlCHandler&) = delete;

  private:
    struct Previous;
    std::unique_ptr<Previous> previous_;
};

}  // namespace sente::platform
