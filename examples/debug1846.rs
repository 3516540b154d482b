// Scratch: imports a prefix of a real 1846 export and prints where the game stands.
use railrules::games::g1846::G1846;
use railrules::import::export_18xx::Export;
use railrules::import::title;

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).unwrap();
    let mut export = Export::parse(&text).unwrap();
    let n: usize = args[2].parse().unwrap();
    export.actions.truncate(n);
    match title::import::<G1846>(&export) {
        Ok(imported) => {
            let s = &imported.state;
            println!("round: {}", serde_json::to_string(&s.round).unwrap());
            for c in &s.companies {
                println!(
                    "{} price {:?} pres {:?} cash {} trains {:?} closed {} recv {} hold {:?} t {} m {}",
                    c.company, c.price, c.president, c.cash,
                    c.trains.iter().map(|t| &t.id).collect::<Vec<_>>(), c.closed, c.receivership,
                    c.holdings, c.treasury_shares, c.market_shares
                );
            }
            for (i, p) in s.players.iter().enumerate() {
                println!("P{} cash {}", i + 1, p.cash);
            }
            println!("privates {:?}", s.privates);
            println!("values {:?}", <G1846 as title::Title>::values(s));
            for (a, o) in imported.save.actions.iter().zip(&imported.origins).rev().take(12).collect::<Vec<_>>().into_iter().rev() {
                println!("{} {:?} {}", o.pointer, o.rule, a);
            }
        }
        Err(e) => println!("{e:?}"),
    }
}
