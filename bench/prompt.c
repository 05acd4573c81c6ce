/* The floor for the prompt path: what a C program doing the same work costs.
 *
 * Like `streakprompt` in prompt mode it finds the data folder from the environment, reads
 * prompt.cache, reads the clock and converts it to local time through the zone database,
 * finds the streak's line, and prints a coloured segment. It does not implement the rules;
 * it only does the same system work, so the difference is what our code adds. */
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#include <unistd.h>

int main(void) {
    char path[4096];
    const char *home = getenv("STREAKPROMPT_HOME");
    if (!home) return 0;
    snprintf(path, sizeof path, "%s/prompt.cache", home);
    int fd = open(path, O_RDONLY | O_CLOEXEC);
    if (fd < 0) return 0;
    static char buffer[1 << 16];
    ssize_t n = read(fd, buffer, sizeof buffer - 1);
    close(fd);
    if (n <= 0) return 0;
    buffer[n] = 0;
    time_t now = time(NULL);
    struct tm local;
    localtime_r(&now, &local);
    /* The second line is the first streak: NAME TAB ICON TAB MASK TAB LAST TAB ALIVE TAB LENGTH ... */
    char *line = strchr(buffer, '\n');
    if (!line) return 0;
    line++;
    char *fields[9];
    for (int i = 0; i < 9; i++) {
        fields[i] = line;
        line = strpbrk(line, "\t\n");
        if (!line) return 0;
        *line++ = 0;
    }
    int today = (local.tm_year + 1900) * 10000 + (local.tm_mon + 1) * 100 + local.tm_mday;
    printf("\033[%sm%s%s\033[0m", today > 0 ? "32" : "33", fields[1], fields[5]);
    return 0;
}
