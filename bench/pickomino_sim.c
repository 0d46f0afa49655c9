// pickomino_sim — a research simulator for the 75% target of `strong` against `greedy`.
//
// Two-seat Pickomino written again in C, about 500 times faster than the Python arena, so
// that changes to `strong` can be measured over 100,000 games (±0.28 points at 95%) instead
// of 4,000. It mirrors engine/games/pickomino (P4–P14, highest-tile tie-break) and the
// policies of engine/ai/pickomino: `greedy` exactly, and `strong` (the exact one-turn
// programme over the logistic estimate, the rival's reply solved with `reply` grill tiles or
// fewer). It is a measuring tool, not part of the bot: the Python arena stays the reference.
//
//   gcc -O2 -o /tmp/pickomino_sim bench/pickomino_sim.c -lm
//   /tmp/pickomino_sim GAMES SEED [key=value ...]
//
// Prints the share of games `strong` wins (it starts every other game). Options:
//   spread=2.2 tempo=0.6 top_risk=0.3 reply=2   the estimate's weights (engine Weights)
//   fixstop=0       the earlier plan, which counted on failing a stop with a tile
//   linear=1        value a turn's end by the worm balance alone (a steal counts twice);
//   linear=2        by our own worms alone: the per-turn expected-worms bots
//   rec=FILE        record, for every position after `strong`'s turn, its cell (grill tiles,
//                   balance, both top tiles' worms, lowest grill tile's band) and the result
//   tab=FILE k=20   value positions by a recorded table (shrunk to the estimate by k games)
//   par=FILE        value positions by a per-grill-size logistic model fitted to a table
//                   (bench/pickomino_sim_fit.py)
//   roll=M rolln=N  with N grill tiles or fewer, value each end of `strong`'s turn by M
//                   playouts of the rest of the game (strong against greedy, common dice)
//   out=FILE        one letter per game (W, L or T), to pair two runs game by game
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WORM 5
#define WORMBIT (1 << WORM)
static const int FV[6] = {1, 2, 3, 4, 5, 5};
static inline int worms(int t) { return 1 + (t - 21) / 4; }

/* ---------- rng ---------- */
static uint64_t rs;
static inline uint64_t rnext(void) {
    uint64_t z = (rs += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}
static inline int die(void) { return (int)((rnext() >> 20) % 6); }

/* ---------- roll tables ---------- */
typedef struct {
    double p;
    int nch;
    int off[6];  // child key offsets (without total)
} Cls;
static Cls *cls[64][9];
static int ncls[64][9];
static double dead[64][9];

static double fact(int n) { double r = 1; for (int i = 2; i <= n; i++) r *= i; return r; }
static inline int pkey(int mask, int n, int total) { return (mask << 10) | (n << 6) | total; }

static void build_tables(void) {
    for (int mask = 0; mask < 64; mask++)
        for (int n = 1; n <= 8; n++) {
            // enumerate count vectors
            int cap = 1300;
            Cls *arr = calloc(cap, sizeof(Cls));
            int keys[1300];
            int k = 0;
            double dd = 0;
            int c[6];
            for (c[0] = 0; c[0] <= n; c[0]++)
                for (c[1] = 0; c[0] + c[1] <= n; c[1]++)
                    for (c[2] = 0; c[0] + c[1] + c[2] <= n; c[2]++)
                        for (c[3] = 0; c[0] + c[1] + c[2] + c[3] <= n; c[3]++)
                            for (c[4] = 0; c[0] + c[1] + c[2] + c[3] + c[4] <= n; c[4]++) {
                                c[5] = n - c[0] - c[1] - c[2] - c[3] - c[4];
                                double p = fact(n);
                                for (int f = 0; f < 6; f++) p /= fact(c[f]);
                                p /= pow(6, n);
                                int key = 0, any = 0;
                                for (int f = 0; f < 6; f++) {
                                    int v = (mask >> f & 1) ? 0 : c[f];
                                    if (v) any = 1;
                                    key = key * 9 + v;
                                }
                                if (!any) { dd += p; continue; }
                                int j;
                                for (j = 0; j < k; j++) if (keys[j] == key) break;
                                if (j == k) {
                                    keys[k] = key;
                                    arr[k].p = 0;
                                    arr[k].nch = 0;
                                    for (int f = 0; f < 6; f++)
                                        if (c[f] && !(mask >> f & 1))
                                            arr[k].off[arr[k].nch++] = pkey(mask | 1 << f, n - c[f], FV[f] * c[f]);
                                    k++;
                                }
                                arr[j].p += p;
                            }
            cls[mask][n] = arr;
            ncls[mask][n] = k;
            dead[mask][n] = dd;
        }
}

/* ---------- game ---------- */
typedef struct {
    int grill;  // bit t-21
    int st[2][20];
    int len[2];
    int sc[2];
} Game;

static inline int top(const Game *g, int s) { return g->len[s] ? g->st[s][g->len[s] - 1] : 0; }
static inline int hibit(int x) { return 31 - __builtin_clz(x); }
static inline int grill_tile(int grill, int total) {
    if (total < 21) return 0;
    int cap = total > 36 ? 36 : total;
    int m = grill & ((1 << (cap - 21 + 1)) - 1);
    return m ? 21 + hibit(m) : 0;
}
static void do_take(Game *g, int me, int t) {
    if (g->grill >> (t - 21) & 1) g->grill &= ~(1 << (t - 21));
    else { g->len[1 - me]--; g->sc[1 - me] -= worms(t); }
    g->st[me][g->len[me]++] = t;
    g->sc[me] += worms(t);
}
static void do_fail(Game *g, int me) {
    int returned = 0;
    if (g->len[me]) {
        returned = g->st[me][--g->len[me]];
        g->sc[me] -= worms(returned);
        g->grill |= 1 << (returned - 21);
    }
    if (g->grill) {
        int h = 21 + hibit(g->grill);
        if (h != returned) g->grill &= ~(1 << (h - 21));
    }
}
static int maxtile(const Game *g, int s) {
    int m = 0;
    for (int i = 0; i < g->len[s]; i++) if (g->st[s][i] > m) m = g->st[s][i];
    return m;
}
// 1 win for s, 0.5 tie, 0 loss
static double final_result(const Game *g, int s) {
    int a = g->sc[s], b = g->sc[1 - s];
    if (a != b) return a > b ? 1.0 : 0.0;
    int ma = maxtile(g, s), mb = maxtile(g, 1 - s);
    return ma > mb ? 1.0 : ma < mb ? 0.0 : 0.5;
}

/* ---------- greedy ---------- */
static const int PREF[6] = {5, 4, 3, 2, 1, 0};
static void greedy_turn(Game *g, int me) {
    int mask = 0, n = 8, total = 0;
    for (;;) {
        int c[6] = {0};
        for (int i = 0; i < n; i++) c[die()]++;
        int f = -1;
        if (c[WORM] && !(mask & WORMBIT) && __builtin_popcount(mask) >= 2) f = WORM;
        else {
            int best = -1;
            for (int i = 0; i < 6; i++) {
                int ff = PREF[i];
                if (c[ff] && !(mask >> ff & 1) && FV[ff] * c[ff] > best) { best = FV[ff] * c[ff]; f = ff; }
            }
        }
        if (f < 0) { do_fail(g, me); return; }
        mask |= 1 << f; n -= c[f]; total += FV[f] * c[f];
        if (mask & WORMBIT) {
            if (top(g, 1 - me) == total) { do_take(g, me, total); return; }
            int t = grill_tile(g->grill, total);
            if (t) { do_take(g, me, t); return; }
        }
        if (n == 0) { do_fail(g, me); return; }
    }
}

/* ---------- evaluation ---------- */
typedef struct {
    double spread, tempo, top_risk;
    int reply_tiles;
    int fixstop;
    double table_k;  // prior weight
} Params;
static Params P = {2.2, 0.6, 0.3, 2, 1, 20.0};

// value table: cells over positions after our turn (rival to move)
#define DCL 15
#define NCELL (17 * (2 * DCL + 1) * 5 * 5 * 4)
static double tsum[NCELL], tcnt[NCELL];
static double *ttab;  // learned estimate, or NULL
static double lcnt[NCELL];
static int use_par = 0;
static int linear = 0;
static double par[17][7];

static int lowbucket(int grill) { int lo = 21 + __builtin_ctz(grill); return (lo - 21) / 4; }
static int cell_of(const Game *g, int me) {
    int n = __builtin_popcount(g->grill);
    int d = g->sc[me] - g->sc[1 - me];
    if (d > DCL) d = DCL;
    if (d < -DCL) d = -DCL;
    int a = g->len[me] ? worms(top(g, me)) : 0, b = g->len[1 - me] ? worms(top(g, 1 - me)) : 0;
    int lb = n ? lowbucket(g->grill) : 0;
    return (((n * (2 * DCL + 1) + (d + DCL)) * 5 + a) * 5 + b) * 4 + lb;
}

static double static_eval(const Game *g, int me, int we_move) {
    if (!g->grill) return final_result(g, me);
    int n = __builtin_popcount(g->grill);
    double bal = g->sc[me] - g->sc[1 - me] + (we_move ? P.tempo : -P.tempo);
    int tm = g->len[me] ? worms(top(g, me)) : 0, tr = g->len[1 - me] ? worms(top(g, 1 - me)) : 0;
    bal -= P.top_risk * (tm - tr);
    double spread = P.spread * sqrt(n);
    return 1.0 / (1.0 + exp(-1.7 * bal / spread));
}

/* ---------- turn DP ---------- */
typedef struct {
    double stop[41];
    double fail;
    double take_v[37];
    double memo[65536];
    int stamp[65536];
    int gen;
} Plan;

static double pvalue(Plan *pl, int key);
static double proll(Plan *pl, int mask, int n, int total) {
    double acc = dead[mask][n] * pl->fail;
    Cls *a = cls[mask][n];
    int k = ncls[mask][n];
    for (int i = 0; i < k; i++) {
        double best = -1e300;
        for (int j = 0; j < a[i].nch; j++) {
            double v = pvalue(pl, a[i].off[j] + total);
            if (v > best) best = v;
        }
        acc += a[i].p * best;
    }
    return acc;
}
static double pvalue(Plan *pl, int key) {
    if (pl->stamp[key] == pl->gen) return pl->memo[key];
    int total = key & 63, n = (key >> 6) & 15, mask = key >> 10;
    double best = (mask & WORMBIT) ? pl->stop[total] : pl->fail;
    if (n) {
        double r = proll(pl, mask, n, total);
        if (r > best) best = r;
    }
    pl->stamp[key] = pl->gen;
    pl->memo[key] = best;
    return best;
}

typedef double (*EvalFn)(const Game *after, int me);

// fill pl with the stop values of a turn of `me` valued by ev(after, me)
static void prepare(Plan *pl, const Game *g, int me, EvalFn ev) {
    pl->gen++;
    double *take_v = pl->take_v;
    Game a = *g;
    do_fail(&a, me);
    pl->fail = ev(&a, me);
    for (int t = 21; t <= 36; t++) {
        take_v[t] = -1e300;
        if ((g->grill >> (t - 21) & 1) || top(g, 1 - me) == t) {
            Game b = *g;
            do_take(&b, me, t);
            take_v[t] = ev(&b, me);
        }
    }
    for (int total = 0; total <= 40; total++) {
        double best = -1e300;
        int gt = grill_tile(g->grill, total);
        if (gt) best = take_v[gt];
        if (total >= 21 && total <= 36 && top(g, 1 - me) == total && take_v[total] > best) best = take_v[total];
        if (best == -1e300) best = pl->fail;
        else if (!P.fixstop && pl->fail > best) best = pl->fail;
        pl->stop[total] = best;
    }
}

static Plan plan_main, plan_reply;

static double eval_after(const Game *g, int me);
// value for the rival of a position after its turn (we move next)
static int reply_me;
static double for_them(const Game *after, int rival) {
    (void)rival;
    return 1.0 - static_eval(after, reply_me, 1);
}
static double eval_after(const Game *g, int me) {
    int n = __builtin_popcount(g->grill);
    if (n > 0 && n <= P.reply_tiles) {
        reply_me = me;
        prepare(&plan_reply, g, 1 - me, for_them);
        double v = proll(&plan_reply, 0, 8, 0);
        return 1.0 - v;
    }
    if (linear) return g->sc[me] - (linear == 1 ? g->sc[1 - me] : 0);  // per-turn expected worms
    if (!g->grill) return final_result(g, me);
    if (use_par) {
        int n2 = __builtin_popcount(g->grill);
        const double *b = par[n2];
        int d = g->sc[me] - g->sc[1 - me];
        int a = g->len[me] ? worms(top(g, me)) : 0, bb = g->len[1 - me] ? worms(top(g, 1 - me)) : 0;
        int lb = lowbucket(g->grill);
        double z = b[0] + b[1] * d + b[2] * a + b[3] * bb + (lb ? b[3 + lb] : 0);
        return 1.0 / (1.0 + exp(-z));
    }
    if (ttab) {
        int c = cell_of(g, me);
        double prior = static_eval(g, me, 0);
        return (ttab[c] * lcnt[c] + P.table_k * prior) / (lcnt[c] + P.table_k);
    }
    return static_eval(g, me, 0);
}

static void strong_turn_with(Game *g, int me, Plan *pl, EvalFn ev) {
    prepare(pl, g, me, ev);
    double *take_v = pl->take_v;
    int mask = 0, n = 8, total = 0;
    for (;;) {
        int c[6] = {0};
        for (int i = 0; i < n; i++) c[die()]++;
        int f = -1;
        double best = -1e300;
        for (int ff = 5; ff >= 0; ff--) {
            if (!c[ff] || (mask >> ff & 1)) continue;
            double v = pvalue(pl, pkey(mask | 1 << ff, n - c[ff], total + FV[ff] * c[ff]));
            if (v > best) { best = v; f = ff; }
        }
        if (f < 0) { do_fail(g, me); return; }
        mask |= 1 << f; n -= c[f]; total += FV[f] * c[f];
        // decide: roll (preferred on ties) or the best take, or stop (fail) if nothing to take
        double rollv = n ? proll(pl, mask, n, total) : -1e300;
        int take = 0;
        double takev = -1e300;
        if (mask & WORMBIT) {
            int gt = grill_tile(g->grill, total);
            if (gt) { take = gt; takev = take_v[gt]; }
            if (total <= 36 && top(g, 1 - me) == total && take_v[total] > takev) { take = total; takev = take_v[total]; }
        }
        double stopv = take ? takev : pl->fail;
        if (n && rollv >= stopv) continue;
        if (take) do_take(g, me, take);
        else do_fail(g, me);
        return;
    }
}

static Plan plan_roll;
static int roll_m = 0, roll_n = 16;
static uint64_t roll_seed = 0;
static double rollout_eval(const Game *after, int me) {
    if (!after->grill) return final_result(after, me);
    uint64_t saved = rs;
    double acc = 0;
    for (int i = 0; i < roll_m; i++) {
        rs = roll_seed + (uint64_t)i * 0x9E3779B97F4A7C15ULL;
        Game g = *after;
        int turn = 1 - me;
        while (g.grill) {
            if (turn == me) strong_turn_with(&g, turn, &plan_roll, eval_after);
            else greedy_turn(&g, turn);
            turn = 1 - turn;
        }
        acc += final_result(&g, me);
    }
    rs = saved;
    return acc / roll_m;
}
static void strong_turn(Game *g, int me) {
    if (roll_m && __builtin_popcount(g->grill) <= roll_n) {
        roll_seed = rnext();
        strong_turn_with(g, me, &plan_main, rollout_eval);
    } else strong_turn_with(g, me, &plan_main, eval_after);
}

/* ---------- play ---------- */
static int record = 0;
static int visited[64];
static double play(uint64_t seed, int strong_first) {
    rs = seed * 0x2545F4914F6CDD1DULL + 12345;
    Game g;
    memset(&g, 0, sizeof g);
    g.grill = 0xFFFF;
    int strong = strong_first ? 0 : 1;
    int nv = 0;
    int turn = 0;
    while (g.grill) {
        if (turn == strong) {
            strong_turn(&g, turn);
            if (record && nv < 64) visited[nv++] = cell_of(&g, strong);
        } else greedy_turn(&g, turn);
        turn = 1 - turn;
    }
    double r = final_result(&g, strong);
    if (record)
        for (int i = 0; i < nv; i++) { tsum[visited[i]] += r; tcnt[visited[i]] += 1; }
    return r;
}

static int load_par(const char *path) {
    FILE *f = fopen(path, "r");
    if (!f) return 0;
    for (int n = 0; n < 17; n++)
        for (int j = 0; j < 7; j++)
            if (fscanf(f, "%lf", &par[n][j]) != 1) { fclose(f); return 0; }
    fclose(f);
    return use_par = 1;
}

static int load_table(const char *path) {
    static double sums[NCELL];
    FILE *f = fopen(path, "rb");
    if (!f) return 0;
    int ok = fread(sums, sizeof sums, 1, f) == 1 && fread(lcnt, sizeof lcnt, 1, f) == 1;
    fclose(f);
    if (!ok) return 0;
    ttab = malloc(sizeof(double) * NCELL);
    for (int i = 0; i < NCELL; i++) ttab[i] = lcnt[i] ? sums[i] / lcnt[i] : 0;
    return 1;
}

int main(int argc, char **argv) {
    if (argc < 3) {
        fprintf(stderr, "usage: %s GAMES SEED [key=value ...] (see the top of the source)\n", argv[0]);
        return 2;
    }
    long games = atol(argv[1]);
    uint64_t seed = strtoull(argv[2], 0, 10);
    const char *rec_out = 0;
    FILE *outf = 0;
    build_tables();
    for (int i = 3; i < argc; i++) {
        char k[64], sv[256];
        double v;
        if (sscanf(argv[i], "rec=%255s", sv) == 1) rec_out = strdup(sv);
        else if (sscanf(argv[i], "tab=%255s", sv) == 1) {
            if (!load_table(sv)) { fprintf(stderr, "cannot read the table %s\n", sv); return 2; }
        } else if (sscanf(argv[i], "par=%255s", sv) == 1) {
            if (!load_par(sv)) { fprintf(stderr, "cannot read the model %s\n", sv); return 2; }
        } else if (sscanf(argv[i], "out=%255s", sv) == 1) {
            if (!(outf = fopen(sv, "w"))) { fprintf(stderr, "cannot write %s\n", sv); return 2; }
        } else if (sscanf(argv[i], "%63[^=]=%lf", k, &v) == 2) {
            if (!strcmp(k, "spread")) P.spread = v;
            else if (!strcmp(k, "tempo")) P.tempo = v;
            else if (!strcmp(k, "top_risk")) P.top_risk = v;
            else if (!strcmp(k, "reply")) P.reply_tiles = (int)v;
            else if (!strcmp(k, "fixstop")) P.fixstop = (int)v;
            else if (!strcmp(k, "k")) P.table_k = v;
            else if (!strcmp(k, "roll")) roll_m = (int)v;
            else if (!strcmp(k, "rolln")) roll_n = (int)v;
            else if (!strcmp(k, "linear")) linear = (int)v;
            else { fprintf(stderr, "unknown option %s\n", k); return 2; }
        } else { fprintf(stderr, "cannot read %s\n", argv[i]); return 2; }
    }
    record = rec_out != 0;
    double wins = 0, ties = 0;
    for (long i = 0; i < games; i++) {
        double r = play(seed + i, (i & 1) == 0);
        if (outf) fputc(r == 1.0 ? 'W' : r == 0.5 ? 'T' : 'L', outf);
        if (r == 1.0) wins++;
        else if (r == 0.5) ties++;
    }
    if (outf) fclose(outf);
    double p = wins / games;
    printf("games %ld wins %.4f%% ties %.3f%% se %.3f\n", games, 100 * p, 100 * ties / games,
           100 * sqrt(p * (1 - p) / games));
    if (rec_out) {
        FILE *f = fopen(rec_out, "wb");
        fwrite(tsum, sizeof tsum, 1, f);
        fwrite(tcnt, sizeof tcnt, 1, f);
        fclose(f);
    }
    return 0;
}
