package engine_test

import (
	"errors"
	"fmt"

	"github.com/sushigo/sushigo/engine"
)

// A whole three-player game: every seat keeps its first legal choice each
// turn, and the same seed always plays out the same way.
func ExampleNew() {
	g, err := engine.New(engine.Settings{Players: 3}, 42)
	if err != nil {
		panic(err)
	}
	for !g.Over() {
		for seat := range g.Seats() {
			if !g.Submitted(seat) {
				if err := g.Submit(seat, g.PlayerView(seat).Legal[0]); err != nil {
					panic(err)
				}
			}
		}
	}
	for _, s := range g.Standings() {
		fmt.Printf("%d. seat %d: %d points, %d puddings\n", s.Place, s.Seat, s.Score, s.Puddings)
	}
	// Output:
	// 1. seat 1: 37 points, 4 puddings
	// 2. seat 0: 33 points, 2 puddings
	// 3. seat 2: 31 points, 2 puddings
}

// A position instead of a seed: seat 0 holds the cards given, topped up
// from the rest of the deck. A pick for a turn that has passed is refused
// with a sentinel error a front end can word.
func ExampleDeal() {
	g, err := engine.Deal(engine.Settings{Players: 2}, 1,
		[]engine.Card{engine.Wasabi, engine.SquidNigiri, engine.Chopsticks})
	if err != nil {
		panic(err)
	}
	fmt.Println(g.View(0).AppendHand(nil)[:3])
	err = g.Submit(0, engine.Submission{Card: engine.Wasabi, Round: 1, Turn: 2})
	fmt.Println(errors.Is(err, engine.ErrWrongTurn))
	// Output:
	// [wasabi squid chopsticks]
	// true
}
