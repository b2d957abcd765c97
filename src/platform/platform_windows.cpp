#include <windows.h>
// After windows.h, which they need.
#include <fcntl.h>
#include <io.h>

#include <atomic>
#include <csignal>
#include <cstdio>

#include "platform/platform.hpp"

namespace sente::platform {

namespace {

std::string last_error_text() { return "Windows error " + std::to_string(GetLastError()); }

}  // namespace

bool is_terminal(StandardStream stream) {
    const HANDLE handle =
        GetStdHandle(stream == StandardStream::input ? STD_INPUT_HANDLE : STD_OUTPUT_HANDLE);
    DWORD mode = 0;
    return handle != INVALID_HANDLE_VALUE && handle != nullptr && GetConsoleMode(handle, &mode);
}

void prepare_standard_streams() {
    // A write to a closed pipe already fails here. A console keeps its text mode, which it
    // needs to start each line at its left edge.
    if (!is_terminal(StandardStream::output)) _setmode(_fileno(stdout), _O_BINARY);
}

std::size_t physical_memory_mb() {
    MEMORYSTATUSEX status{};
    status.dwLength = sizeof status;
    if (!GlobalMemoryStatusEx(&status)) return 0;
    return static_cast<std::size_t>(status.ullTotalPhys / (1024 * 1024));
}

Result<std::shared_ptr<const MappedFile>> MappedFile::open(const std::string& path) {
    const auto fail = [&](const std::string& why) {
        return make_error(ErrorCode::invalid_argument, path + ": " + why);
    };
    const HANDLE file = CreateFileA(path.c_str(), GENERIC_READ, FILE_SHARE_READ, nullptr,
                                    OPEN_EXISTING, FILE_ATTRIBUTE_NORMAL, nullptr);
    if (file == INVALID_HANDLE_VALUE) return fail("cannot open it (" + last_error_text() + ")");
    LARGE_INTEGER size{};
    if (!GetFileSizeEx(file, &size)) {
        CloseHandle(file);
        return fail(last_error_text());
    }
    void* address = nullptr;
    if (size.QuadPart > 0) {
        const HANDLE mapping = CreateFileMappingA(file, nullptr, PAGE_READONLY, 0, 0, nullptr);
        if (mapping == nullptr) {
            CloseHandle(file);
            return fail(last_error_text());
        }
        address = MapViewOfFile(mapping, FILE_MAP_READ, 0, 0, 0);
        CloseHandle(mapping);  // the view keeps the mapping alive
    }
    CloseHandle(file);
    if (size.QuadPart > 0 && address == nullptr) return fail(last_error_text());
    return std::shared_ptr<const MappedFile>(
        new MappedFile(address, static_cast<std::size_t>(size.QuadPart)));
}

MappedFile::~MappedFile() {
    if (address_ != nullptr) UnmapViewOfFile(address_);
}

// Windows cannot wait on a pipe and an event at once for a synchronous handle, and a
// synchronous read cannot be cancelled everywhere (not under Wine), so a read polls: a pipe by
// PeekNamedPipe, a console by waiting on its handle, both a few milliseconds at a time,
// checking `cancelled` in between. A file never blocks for long.
struct InputChannel::State {
    HANDLE handle = INVALID_HANDLE_VALUE;
    DWORD type = FILE_TYPE_UNKNOWN;
    std::atomic<bool> cancelled{false};
};

InputChannel::InputChannel(int fd) : state_(std::make_unique<State>()) {
    state_->handle = reinterpret_cast<HANDLE>(_get_osfhandle(fd));
    if (state_->handle != INVALID_HANDLE_VALUE) state_->type = GetFileType(state_->handle);
}

InputChannel::~InputChannel() = default;

long InputChannel::read(char* buffer, std::size_t size) {
    State& state = *state_;
    if (state.handle == INVALID_HANDLE_VALUE) return 0;
    constexpr DWORD kPollMs = 2;
    for (;;) {
        if (state.cancelled.load()) return -1;
        DWORD wanted = static_cast<DWORD>(size);
        if (state.type == FILE_TYPE_PIPE) {
            DWORD available = 0;
            if (PeekNamedPipe(state.handle, nullptr, 0, nullptr, &available, nullptr)) {
                if (available == 0) {
                    Sleep(kPollMs);
                    continue;
                }
                if (available < wanted) wanted = available;
            } else if (GetLastError() == ERROR_BROKEN_PIPE) {
                return 0;  // the writer is gone: the end of input
            } else {
                // A pipe that cannot be peeked (Wine's, over a Unix pipe): read it as a file.
                // A read then waits for input or its end, and cancel() cannot cut it short.
                state.type = FILE_TYPE_DISK;
            }
        } else if (state.type == FILE_TYPE_CHAR) {
            if (WaitForSingleObject(state.handle, 20) == WAIT_TIMEOUT) continue;
        }
        DWORD got = 0;
        if (!ReadFile(state.handle, buffer, wanted, &got, nullptr)) return 0;
        if (state.cancelled.load()) return -1;
        return static_cast<long>(got);  // 0: the end of input
    }
}

void InputChannel::cancel() { state_->cancelled.store(true); }

// The console runs a control handler on a thread of its own; it passes Ctrl-C on to the
// handler installed last and swallows it (TRUE), as a SIGINT handler would.
namespace {
std::atomic<void (*)(int)> ctrl_c_target{nullptr};

BOOL WINAPI on_console_control(DWORD event) {
    void (*target)(int) = ctrl_c_target.load();
    if (event != CTRL_C_EVENT || target == nullptr) return FALSE;
    target(SIGINT);
    return TRUE;
}
}  // namespace

struct CtrlCHandler::Previous {
    void (*handler)(int) = nullptr;
};

CtrlCHandler::CtrlCHandler(void (*handler)(int)) : previous_(std::make_unique<Previous>()) {
    previous_->handler = ctrl_c_target.exchange(handler);
    if (previous_->handler == nullptr) SetConsoleCtrlHandler(on_console_control, TRUE);
}

CtrlCHandler::~CtrlCHandler() {
    ctrl_c_target.store(previous_->handler);
    if (previous_->handler == nullptr) SetConsoleCtrlHandler(on_console_control, FALSE);
}

}  // namespace sente::platform
