#include <fcntl.h>
#include <poll.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <cstring>

#include "platform/platform.hpp"

namespace sente::platform {

bool is_terminal(StandardStream stream) {
    return isatty(stream == StandardStream::input ? STDIN_FILENO : STDOUT_FILENO) != 0;
}

void prepare_standard_streams() { std::signal(SIGPIPE, SIG_IGN); }

std::size_t physical_memory_mb() {
    const long pages = sysconf(_SC_PHYS_PAGES);
    const long page_size = sysconf(_SC_PAGE_SIZE);
    if (pages <= 0 || page_size <= 0) return 0;
    return static_cast<std::size_t>(pages) / 1024 * static_cast<std::size_t>(page_size) / 1024;
}

Result<std::shared_ptr<const MappedFile>> MappedFile::open(const std::string& path) {
    const auto fail = [&](const std::string& why) {
        return make_error(ErrorCode::invalid_argument, path + ": " + why);
    };
    const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
    if (fd < 0) return fail(std::strerror(errno));
    struct stat info {};
    if (fstat(fd, &info) != 0) {
        const int error = errno;
        ::close(fd);
        return fail(std::strerror(error));
    }
    const auto size = static_cast<std::size_t>(info.st_size);
    void* address = size == 0 ? nullptr : mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    const int error = errno;
    ::close(fd);
    if (address == MAP_FAILED) return fail(std::strerror(error));
    return std::shared_ptr<const MappedFile>(new MappedFile(address, size));
}

MappedFile::~MappedFile() {
    if (address_ != nullptr) munmap(address_, size_);
}

// A self-pipe: cancel() writes to it, which wakes the poll of a read in progress.
struct InputChannel::State {
    int fd;
    int cancel[2] = {-1, -1};
};

InputChannel::InputChannel(int fd) : state_(std::make_unique<State>()) {
    state_->fd = fd;
    if (pipe(state_->cancel) != 0) state_->cancel[0] = state_->cancel[1] = -1;
}

InputChannel::~InputChannel() {
    for (const int end : state_->cancel) {
        if (end >= 0) close(end);
    }
}

long InputChannel::read(char* buffer, std::size_t size) {
    const int cancel = state_->cancel[0];
    for (;;) {
        pollfd fds[2] = {{state_->fd, POLLIN, 0}, {cancel, POLLIN, 0}};
        const int ready = poll(fds, cancel >= 0 ? 2 : 1, -1);
        if (ready < 0) {
            if (errno == EINTR) continue;
            return 0;
        }
        if (cancel >= 0 && (fds[1].revents & POLLIN)) return -1;
        if (fds[0].revents == 0) continue;
        const ssize_t count = ::read(state_->fd, buffer, size);
        if (count < 0 && errno == EINTR) continue;
        return count <= 0 ? 0 : static_cast<long>(count);
    }
}

void InputChannel::cancel() {
    if (state_->cancel[1] < 0) return;
    const char stop = 'x';
    [[maybe_unused]] const auto written = write(state_->cancel[1], &stop, 1);
}

struct CtrlCHandler::Previous {
    struct sigaction action {};
};

CtrlCHandler::CtrlCHandler(void (*handler)(int)) : previous_(std::make_unique<Previous>()) {
    struct sigaction action {};
    action.sa_handler = handler;
    sigemptyset(&action.sa_mask);
    action.sa_flags = 0;  // no SA_RESTART: a read waiting for the person's input returns
    sigaction(SIGINT, &action, &previous_->action);
}

CtrlCHandler::~CtrlCHandler() { sigaction(SIGINT, &previous_->action, nullptr); }

}  // namespace sente::platform
