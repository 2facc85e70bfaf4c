// GET /?cards=N: N member-like cards, half their text in the loader data (as a real page's
// data travels with it), half in the markup. The bench picks N to match an app page's size.
import type { LoaderFunctionArgs } from "react-router";
import { useLoaderData } from "react-router";

export function loader({ request }: LoaderFunctionArgs) {
  const cards = Math.min(2000, Number(new URL(request.url).searchParams.get("cards") ?? 10) || 0);
  return {
    title: "Members",
    cards: Array.from({ length: cards }, (_, i) => ({
      id: 1000 + i,
      name: `Member ${i}`,
      age: 20 + (i % 50),
      city: "Amsterdam",
      about: "Likes long walks, good coffee and quiet evenings.",
    })),
  };
}

export const meta = () => [{ title: "Members | Bare" }, { name: "description", content: "A page of the same size as the app's." }];

export default function Page() {
  const { title, cards } = useLoaderData<typeof loader>();
  return (
    <main className="mx-auto max-w-5xl p-4">
      <h1 className="text-2xl font-bold">{title}</h1>
      <ul className="grid grid-cols-2 gap-4">
        {cards.map((card) => (
          <li key={card.id} className="rounded-lg border p-3 shadow-sm">
            <a href={`/members/${card.id}`} className="block font-semibold">
              {card.name}, {card.age}
            </a>
            <span className="text-sm text-gray-600">{card.city}</span>
            <p className="text-sm">{card.about}</p>
          </li>
        ))}
      </ul>
    </main>
  );
}
