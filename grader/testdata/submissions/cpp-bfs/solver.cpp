// Breadth-first search: optimal, fine on small boards.
// Usage: ./solver INPUT OUTPUT (tile convention, default goal).
#include <algorithm>
#include <fstream>
#include <map>
#include <queue>
#include <sstream>
#include <string>
#include <vector>

int main(int argc, char **argv) {
    if (argc < 3) return 2;
    std::ifstream in(argv[1]);
    std::vector<std::vector<int>> rows;
    std::string line;
    while (std::getline(in, line)) {
        std::istringstream ss(line);
        std::vector<int> row;
        int t;
        while (ss >> t) row.push_back(t);
        if (!row.empty()) rows.push_back(row);
    }
    int r = rows.size(), c = rows[0].size(), n = r * c;
    std::string start, goal;
    for (auto &row : rows)
        for (int t : row) start += char('a' + t);
    for (int i = 1; i < n; i++) goal += char('a' + i);
    goal += 'a';
    std::map<std::string, std::pair<std::string, std::string>> parent;
    std::queue<std::string> q;
    parent[start] = {"", ""};
    q.push(start);
    const int delta[4] = {-c, c, -1, 1};
    const char *tile[4] = {"DOWN", "UP", "RIGHT", "LEFT"};
    while (!q.empty()) {
        std::string s = q.front();
        q.pop();
        if (s == goal) break;
        int b = s.find('a');
        for (int k = 0; k < 4; k++) {
            if ((k == 0 && b < c) || (k == 1 && b >= n - c) || (k == 2 && b % c == 0) || (k == 3 && b % c == c - 1)) continue;
            std::string t = s;
            std::swap(t[b], t[b + delta[k]]);
            if (!parent.count(t)) {
                parent[t] = {s, tile[k]};
                q.push(t);
            }
        }
    }
    std::ofstream out(argv[2], std::ios::app);
    if (!parent.count(goal)) {
        out << "UNSOLVABLE\n";
        return 0;
    }
    std::vector<std::string> moves;
    for (std::string s = goal; s != start; s = parent[s].first) moves.push_back(parent[s].second);
    std::reverse(moves.begin(), moves.end());
    for (auto &m : moves) out << m << "\n";
    return 0;
}
